export * from './conversation.machine'
export * from './conversation.view'
