import { useLingui } from '@lingui/react/macro'
import type { NotificationBellConnect } from '../../machines/notification-badge'
import { Icon } from '../icons'

/** The header's notification button: a red dot for news (with the unread count when there is one), the count in its name too. */
export function NotificationBell({ dot, unread, drawerOpen, onOpen }: NotificationBellConnect) {
  const { t } = useLingui()
  const parts = [t`Notifications`]
  if (unread > 0) parts.push(t`${unread} unread`)
  if (dot) parts.push(t`new`)
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={parts.join(', ')}
      aria-haspopup="dialog"
      aria-expanded={drawerOpen}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <Icon name="bell" />
      {dot ? (
        unread > 0 ? (
          <span
            data-dot=""
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-4.5 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-4.5 text-white ring-2 ring-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : (
          <span
            data-dot=""
            aria-hidden="true"
            className="absolute right-1.5 top-1.5 h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white"
          />
        )
      ) : null}
    </button>
  )
}
