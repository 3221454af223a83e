export * from './channel-form.machine'
export * from './channel-form.view'
