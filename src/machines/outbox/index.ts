export * from './outbox.machine'
export * from './outbox.view'
