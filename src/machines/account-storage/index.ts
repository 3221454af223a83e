export * from './account-storage.types'
export * from './account-storage.machine'
export * from './account-storage.connect'
