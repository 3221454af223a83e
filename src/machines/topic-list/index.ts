export * from './topic-list.machine'
export * from './topic-list.view'
