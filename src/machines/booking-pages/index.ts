export * from './booking-pages.types'
export * from './booking-pages.machine'
export * from './booking-pages.connect'
