import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { NotificationDrawerConnect } from '../../machines/notification-badge'
import { initialsOf } from '../../machines/session/session.rules'
import { timeAgo } from '../../services/time-ago'
import { Avatar } from '../avatar'

export interface NotificationListProps extends Pick<NotificationDrawerConnect, 'items' | 'unread' | 'canMarkAllSeen' | 'onSeen' | 'onSeenAll'> {
  /** The time the labels count from ('5 minutes ago'); now when omitted. */
  now?: Date
  /** Buttons that act on an item in place (a friend request's Accept and Reject). */
  renderActions?: (item: NotificationListProps['items'][number]) => ReactNode
}

/**
 * The notification drawer's list, newest first: who, what, how long ago. Clicking an unread item
 * marks it read (its 'Mark as read' button does the same from the keyboard); 'Mark all as read'.
 */
export function NotificationList({ items, unread, canMarkAllSeen, onSeen, onSeenAll, now, renderActions }: NotificationListProps) {
  const { t } = useLingui()
  const at = now ?? new Date()
  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-2">
        <p className="text-sm text-slate-600">{unread > 0 ? t`${unread} unread` : t`All caught up`}</p>
        <button type="button" onClick={onSeenAll} disabled={!canMarkAllSeen} className="text-sm font-medium text-indigo-600 hover:text-indigo-500 disabled:text-slate-400">
          <Trans>Mark all as read</Trans>
        </button>
      </div>
      {items.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500">
          <Trans>No notifications yet</Trans>
        </p>
      ) : (
        <ul aria-label={t`Notifications`} className="divide-y divide-slate-100">
          {items.map((item) => (
            <li
              key={item._id}
              aria-label={item.notify_message}
              onClick={item.is_seen ? undefined : () => onSeen(item._id)}
              className={`flex items-start gap-3 px-4 py-3 ${item.is_seen ? '' : 'cursor-pointer bg-indigo-50/60 hover:bg-indigo-50'}`}
            >
              {item.customer ? <Avatar photoUrl={item.customer.photo_url} initials={initialsOf(item.customer.name)} size={40} /> : null}
              <div className="min-w-0 flex-1">
                <p className={`line-clamp-2 break-words text-sm ${item.is_seen ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>{item.notify_message}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  <time dateTime={item.created_at} title={new Date(item.created_at).toLocaleString()}>
                    {timeAgo(item.created_at, at)}
                  </time>
                  {item.is_seen ? null : (
                    <>
                      {' · '}
                      <Trans>Unread</Trans>
                    </>
                  )}
                </p>
                {renderActions ? (
                  <div className="mt-2" onClick={(event) => event.stopPropagation()}>
                    {renderActions(item)}
                  </div>
                ) : null}
              </div>
              {item.is_seen ? null : (
                <button
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation()
                    onSeen(item._id)
                  }}
                  className="shrink-0 rounded px-1 text-xs font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <Trans>Mark as read</Trans>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
