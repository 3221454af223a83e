export * from './conversation.types'
export * from './conversation.machine'
export * from './conversation.connect'
