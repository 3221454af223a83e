export * from './booking-page.types'
export * from './booking-page.machine'
export * from './booking-page.connect'
