import { NotificationsDrawer, type NotificationsDrawerProps } from '../../ui/app/notifications-drawer'
import { FriendNotificationActions } from './-friend-status'

/** The notification drawer, whose friend requests are answered in place (loaded with the drawer, when first opened). */
export default function AppNotificationsDrawer(props: Omit<NotificationsDrawerProps, 'friendActions'>) {
  return (
    <NotificationsDrawer
      {...props}
      friendActions={(item) => (
        <FriendNotificationActions
          notification={item}
          onAccepted={() => props.onFriendAccepted(item._id)}
          onRemove={() => props.onRemoved(item._id)}
        />
      )}
    />
  )
}
