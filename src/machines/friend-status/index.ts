export * from './friend-status.machine'
export * from './friend-status.view'
