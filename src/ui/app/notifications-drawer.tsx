import { type ReactNode, useEffect, useState } from 'react'
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { NotificationFilter } from '../../../contract/notify-kinds'
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

const tabClass =
  'shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[selected]:bg-indigo-50 data-[selected]:text-indigo-700'

/** A filter's tab name and what its empty list says. */
function FilterName({ filter }: { filter: NotificationFilter }) {
  switch (filter) {
    case 'all':
      return <Trans>All</Trans>
    case 'mentions':
      return <Trans>Mentions</Trans>
    case 'requests':
      return <Trans>Requests</Trans>
  }
}
function FilterEmpty({ filter }: { filter: NotificationFilter }) {
  switch (filter) {
    case 'all':
      return <Trans>No notifications yet</Trans>
    case 'mentions':
      return <Trans>No mentions</Trans>
    case 'requests':
      return <Trans>No friend requests</Trans>
  }
}

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
  filters,
  filter,
  onFilter,
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
  const { t } = useLingui()
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
      {/* All, Mentions, Requests: the list below shows the chosen filter's notifications. */}
      <TabGroup
        selectedIndex={Math.max(0, filters.indexOf(filter))}
        onChange={(index) => onFilter(filters[index] ?? 'all')}
        className="flex min-h-0 flex-1 flex-col"
      >
        <TabList aria-label={t`Filter notifications`} className="flex shrink-0 gap-1 overflow-x-auto border-b border-slate-100 px-4 py-2">
          {filters.map((f) => (
            <Tab key={f} className={tabClass}>
              <FilterName filter={f} />
            </Tab>
          ))}
        </TabList>
        <TabPanels className="flex min-h-0 flex-1 flex-col">
          {filters.map((f) => (
            <TabPanel key={f} className="flex min-h-0 flex-1 flex-col">
              <NotificationList
                items={items}
                empty={<FilterEmpty filter={f} />}
                unread={unread}
                canMarkAllSeen={canMarkAllSeen}
                onSeen={onSeen}
                onSeenAll={onSeenAll}
                onOpen={onOpen}
                now={now}
                pages={pages}
                friendActions={friendActions}
              />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </Drawer>
  )
}
