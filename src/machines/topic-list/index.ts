export * from './topic-list.types'
export * from './topic-list.machine'
export * from './topic-list.connect'
