import { type ReactNode, useEffect, useRef } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { NotificationDrawerConnect, NotificationItem } from '../../machines/notification-badge'
import type { NotificationPagesConnect } from '../../machines/notification-pages'
import { initialsOf } from '../../machines/session/session.rules'
import { notificationText } from '../../services/notification-text'
import { timeAgo } from '../../services/time-ago'
import { Avatar } from '../avatar'

export interface NotificationListProps extends Pick<NotificationDrawerConnect, 'items' | 'unread' | 'canMarkAllSeen' | 'onSeen' | 'onSeenAll'> {
  /** A click on an item: marks it read and opens its target. */
  onOpen?: NotificationDrawerConnect['onOpen']
  /** The time the labels count from ('5 minutes ago'); now when omitted. */
  now?: Date
  /** Paging (GET notify?page=N): the list's end loads the next page. */
  pages?: NotificationPagesConnect
  /**
   * Friend items (notifiable_type 'friend'): what goes under their words, e.g. the contact
   * request's Accept and Reject buttons (the friends area renders them).
   */
  friendActions?: (item: NotificationItem) => ReactNode
}

/** Loads the next page when the list's end scrolls into view (and from its 'Load more' button). */
function LoadMoreSentinel({ onLoadMore }: { onLoadMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  const latest = useRef(onLoadMore)
  useEffect(() => {
    latest.current = onLoadMore
  })
  useEffect(() => {
    const el = ref.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current()
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return <div ref={ref} aria-hidden="true" className="h-px" />
}

function PagesEnd({ pages }: { pages: NotificationPagesConnect }) {
  switch (pages.status) {
    case 'loading':
      return (
        <p role="status" className="px-4 py-3 text-center text-sm text-slate-500">
          <Trans>Loading notifications…</Trans>
        </p>
      )
    case 'loaded':
      return (
        <div className="px-4 py-3 text-center">
          <LoadMoreSentinel onLoadMore={pages.onLoadMore} />
          <button type="button" onClick={pages.onLoadMore} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            <Trans>Load more</Trans>
          </button>
        </div>
      )
    case 'failed':
      return (
        <div className="flex items-center justify-center gap-2 px-4 py-3">
          <p role="alert" className="text-sm text-red-700">
            <Trans>Could not load notifications.</Trans>
          </p>
          <button type="button" onClick={pages.onRetry} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            <Trans>Try again</Trans>
          </button>
        </div>
      )
    default:
      return null
  }
}

/**
 * The notification drawer's list, newest first: who, what (two lines at most), how long ago.
 * Clicking an item opens what it is about and marks it read ('Mark as read' only marks it read);
 * 'Mark all as read'. Rows off screen are not laid out (content-visibility), so long lists stay cheap.
 */
export function NotificationList({ items, unread, canMarkAllSeen, onSeen, onSeenAll, onOpen, now, pages, friendActions }: NotificationListProps) {
  const { t } = useLingui()
  const at = now ?? new Date()
  const loadingFirst = pages?.status === 'loading' && items.length === 0
  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-2">
        <p className="text-sm text-slate-600">{unread > 0 ? t`${unread} unread` : t`All caught up`}</p>
        <button type="button" onClick={onSeenAll} disabled={!canMarkAllSeen} className="text-sm font-medium text-indigo-600 hover:text-indigo-500 disabled:text-slate-400">
          <Trans>Mark all as read</Trans>
        </button>
      </div>
      {items.length === 0 ? (
        loadingFirst ? null : (
          <p className="px-4 py-8 text-center text-sm text-slate-500">
            <Trans>No notifications yet</Trans>
          </p>
        )
      ) : (
        <ul aria-label={t`Notifications`} className="divide-y divide-slate-100">
          {items.map((item) => {
            const text = notificationText(item)
            return (
              <li
                key={item._id}
                aria-label={text}
                className={`flex items-start gap-3 px-4 py-3 [contain-intrinsic-size:auto_72px] [content-visibility:auto] ${item.is_seen ? '' : 'bg-indigo-50/60 hover:bg-indigo-50'}`}
              >
                {item.customer ? <Avatar photoUrl={item.customer.photo_url} initials={initialsOf(item.customer.name)} size={40} /> : null}
                <div className="min-w-0 flex-1">
                  <button
                    type="button"
                    onClick={() => {
                      if (onOpen) onOpen(item._id)
                      else if (!item.is_seen) onSeen(item._id)
                    }}
                    className={`line-clamp-2 block w-full break-words text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 ${item.is_seen ? 'text-slate-700' : 'font-semibold text-slate-900'}`}
                  >
                    {text}
                  </button>
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
                  {/* Friend items: the friends area's Accept / Reject buttons go here. */}
                  {item.notifiable_type === 'friend' && friendActions ? <div className="mt-2">{friendActions(item)}</div> : null}
                </div>
                {item.is_seen ? null : (
                  <button
                    type="button"
                    onClick={() => onSeen(item._id)}
                    className="shrink-0 rounded px-1 text-xs font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <Trans>Mark as read</Trans>
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {pages ? <PagesEnd pages={pages} /> : null}
    </div>
  )
}
