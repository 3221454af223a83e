export * from './account-trash.types'
export * from './account-trash.machine'
export * from './account-trash.connect'
