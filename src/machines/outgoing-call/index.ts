export * from './outgoing-call.machine'
export * from './outgoing-call.view'
