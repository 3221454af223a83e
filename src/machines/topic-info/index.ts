export * from './topic-info.types'
export * from './topic-info.machine'
export * from './topic-info.connect'
