export * from './incoming-call.machine'
export * from './incoming-call.view'
