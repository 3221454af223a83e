export * from './account-channels.machine'
export * from './account-channels.view'
