export * from './scheduled-list.types'
export * from './scheduled-list.machine'
export * from './scheduled-list.connect'
