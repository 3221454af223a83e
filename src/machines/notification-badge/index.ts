export {
  notificationBadgeMachine,
  TITLE_ICON_MAX,
  type NotificationBadgeActor,
  type NotificationBadgeMachine,
  type NotificationBadgeSnapshot,
} from './notification-badge.machine'
export {
  connect,
  titleIconOf,
  type NotificationBadgeProps,
  type NotificationBellConnect,
  type NotificationDrawerConnect,
} from './notification-badge.connect'
export type {
  MarkSeenInput,
  NotificationBadgeContext,
  NotificationBadgeEvent,
  NotificationBadgeInput,
  NotificationItem,
  TitleIcon,
} from './notification-badge.types'
