import { Trans } from '@lingui/react/macro'
import { EmptyState } from '../empty-state'
import { Icon } from '../icons'
import { Drawer } from './drawer'

/** Spec section 2: the notification drawer opens from the right at 40 % width. */
export function NotificationsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} title={<Trans>Notifications</Trans>} widthClass="sm:w-[40vw] sm:min-w-[356px]">
      <EmptyState
        icon={<Icon name="bell" className="h-16 w-16" />}
        title={<Trans>No notifications yet</Trans>}
        description={<Trans>Friend requests, reminders, bookings and payment notices will appear here once those features are available in Workroom.</Trans>}
      />
    </Drawer>
  )
}
