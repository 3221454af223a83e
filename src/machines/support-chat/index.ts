export * from './support-chat.types'
export * from './support-chat.machine'
export * from './support-chat.connect'
