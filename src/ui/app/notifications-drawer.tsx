import { type ReactNode, useEffect, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import type { NotificationDrawerConnect, NotificationItem } from '../../machines/notification-badge'
import type { BrowserNotificationPermission } from '../../services/browser-notifications'
import { Button } from '../button'
import { NotificationList, type NotificationPaging } from '../notification-badge/notification-list'
import { Drawer } from './drawer'

export interface NotificationsDrawerProps extends NotificationDrawerConnect {
  /** Browser notifications: offered from a button, never asked on load. */
  permission: BrowserNotificationPermission
  onEnableBrowserNotifications: () => void
  /** Paging: the list loads the next page when scrolled to its end. */
  pages?: NotificationPaging
  /** Friend items: the contact request's Accept / Reject buttons (bound to their hook by the route). */
  friendActions?: (item: NotificationItem) => ReactNode
}

const MINUTE = 60_000

/** The time the labels count from, moving on every minute while the drawer is open. */
function useMinuteClock(active: boolean): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    if (!active) return
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), MINUTE)
    return () => clearInterval(timer)
  }, [active])
  return now
}

/** The notification drawer opens from the right at 40 % width (full width below 768px). */
export function NotificationsDrawer({
  open,
  onClose,
  items,
  unread,
  canMarkAllSeen,
  onSeen,
  onSeenAll,
  onOpen,
  permission,
  onEnableBrowserNotifications,
  pages,
  friendActions,
}: NotificationsDrawerProps) {
  const now = useMinuteClock(open)
  return (
    <Drawer open={open} onClose={onClose} title={<Trans>Notifications</Trans>} widthClass="md:w-[40vw] md:min-w-[320px]" scrollBody={false}>
      {permission === 'default' ? (
        <div className="flex shrink-0 flex-wrap items-center justify-between gap-2 border-b border-slate-100 bg-slate-50 px-4 py-2">
          <p className="text-xs text-slate-600">
            <Trans>Get a desktop notification when something arrives while Workroom is in the background.</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={onEnableBrowserNotifications}>
            <Trans>Turn on desktop notifications</Trans>
          </Button>
        </div>
      ) : permission === 'denied' ? (
        <p className="shrink-0 border-b border-slate-100 bg-slate-50 px-4 py-2 text-xs text-slate-600">
          <Trans>Desktop notifications are blocked for this site in your browser’s settings.</Trans>
        </p>
      ) : null}
      <NotificationList
        items={items}
        unread={unread}
        canMarkAllSeen={canMarkAllSeen}
        onSeen={onSeen}
        onSeenAll={onSeenAll}
        onOpen={onOpen}
        now={now}
        pages={pages}
        friendActions={friendActions}
      />
    </Drawer>
  )
}
