export * from './booking-inbox.types'
export * from './booking-inbox.machine'
export * from './booking-inbox.connect'
