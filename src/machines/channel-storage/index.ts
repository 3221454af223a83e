export * from './channel-storage.types'
export * from './channel-storage.machine'
export * from './channel-storage.connect'
