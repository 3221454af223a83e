export * from './scheduled-form.types'
export * from './scheduled-form.machine'
export * from './scheduled-form.connect'
