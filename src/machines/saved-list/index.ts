export * from './saved-list.types'
export * from './saved-list.machine'
export * from './saved-list.connect'
