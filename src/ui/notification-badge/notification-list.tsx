import { Trans, useLingui } from '@lingui/react/macro'
import type { NotificationItem } from '../../machines/notification-badge/notification-badge.machine'

export interface NotificationListProps {
  items: NotificationItem[]
  unread: number
  canMarkAllSeen: boolean
  onSeen: (id: string) => void
  onSeenAll: () => void
}

/** The notification drawer's list, newest first, with mark-as-read and mark-all-as-read. */
export function NotificationList({ items, unread, canMarkAllSeen, onSeen, onSeenAll }: NotificationListProps) {
  const { t } = useLingui()
  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
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
            <li key={item._id} aria-label={item.notify_message} className={`flex items-start gap-3 px-4 py-3 ${item.is_seen ? '' : 'bg-indigo-50/60'}`}>
              <div className="min-w-0 flex-1">
                <p className={`line-clamp-2 text-sm ${item.is_seen ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>{item.notify_message}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  <time dateTime={item.created_at}>{item.created_at.slice(0, 16).replace('T', ' ')}</time>
                  {item.is_seen ? null : (
                    <>
                      {' · '}
                      <Trans>Unread</Trans>
                    </>
                  )}
                </p>
              </div>
              {item.is_seen ? null : (
                <button type="button" onClick={() => onSeen(item._id)} className="shrink-0 text-xs font-medium text-indigo-600 hover:text-indigo-500">
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
