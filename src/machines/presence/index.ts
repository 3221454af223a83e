export * from './presence.types'
export * from './presence.machine'
export * from './presence.connect'
