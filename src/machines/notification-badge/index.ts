export * from './notification-badge.machine'
export * from './notification-badge.view'
