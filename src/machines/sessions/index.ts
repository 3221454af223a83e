export * from './sessions.types'
export * from './sessions.machine'
export * from './sessions.connect'
