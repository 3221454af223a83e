export * from './meeting-form.machine'
export * from './meeting-form.view'
