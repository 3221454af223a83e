export * from './new-group.types'
export * from './new-group.machine'
export * from './new-group.connect'
