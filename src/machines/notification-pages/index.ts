export {
  notificationPagesMachine,
  type NotificationPagesActor,
  type NotificationPagesMachine,
  type NotificationPagesSnapshot,
} from './notification-pages.machine'
export { connect, type NotificationPagesConnect, type NotificationPagesStatus } from './notification-pages.connect'
export type { LoadPageInput, LoadPageOutput, NotificationPagesContext, NotificationPagesEvent } from './notification-pages.types'
