export * from './slots-form.types'
export * from './slots-form.machine'
export * from './slots-form.connect'
