export * from './channel-join.types'
export * from './channel-join.machine'
export * from './channel-join.connect'
