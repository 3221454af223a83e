export * from './remind-me.types'
export * from './remind-me.machine'
export * from './remind-me.connect'
