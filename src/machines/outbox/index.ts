export * from './outbox.types'
export * from './outbox.machine'
export * from './outbox.connect'
