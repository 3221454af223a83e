import { type ReactNode, useCallback, useEffect, useRef } from 'react'
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual'
import { Trans, useLingui } from '@lingui/react/macro'
import type { NotificationDrawerConnect, NotificationItem } from '../../machines/notification-badge'
import type { PagedListProps } from '../../machines/paged-list'
import { initialsOf } from '../../machines/session/session.rules'
import { notificationText } from '../../services/notification-text'
import { timeAgo } from '../../services/time-ago'
import { Avatar } from '../avatar'

/** The list's paging, as the paged list's connect gives it. */
export type NotificationPaging = Pick<PagedListProps, 'loading' | 'loadingMore' | 'failed' | 'error' | 'hasMore' | 'onLoadMore' | 'onRetry'>

export interface NotificationListProps extends Pick<
  NotificationDrawerConnect,
  'items' | 'unread' | 'canMarkAllSeen' | 'onSeen' | 'onSeenAll'
> {
  /** A click on an item: marks it read and opens its target. */
  onOpen?: NotificationDrawerConnect['onOpen']
  /** What an empty list says; 'No notifications yet' when omitted. */
  empty?: ReactNode
  /** The time the labels count from ('5 minutes ago'); now when omitted. */
  now?: Date
  /** Paging (GET notify?page=N): the list's end loads the next page. */
  pages?: NotificationPaging
  /**
   * Friend items (notifiable_type 'friend'): what goes under their words, e.g. the contact
   * request's Accept and Reject buttons (the friends area renders them).
   */
  friendActions?: (item: NotificationItem) => ReactNode
}

function PagesEnd({ pages }: { pages: NotificationPaging }) {
  if (pages.loading || pages.loadingMore)
    return (
      <p role="status" className="px-4 py-3 text-center text-sm text-slate-500">
        <Trans>Loading notifications…</Trans>
      </p>
    )
  if (pages.failed || pages.error)
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
  if (pages.hasMore)
    return (
      <div className="px-4 py-3 text-center">
        <button type="button" onClick={pages.onLoadMore} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          <Trans>Load more</Trans>
        </button>
      </div>
    )
  return null
}

/**
 * What an item adds under its title: a mention's excerpt of the message (two lines at most), and
 * for a friend request accepted here "You are now friends" (the item stays in the history).
 */
function ItemDetail({ item }: { item: NotificationItem }) {
  const excerpt = item.notifiable_type === 'tag_message' ? item.value?.value : undefined
  if (typeof excerpt === 'string' && excerpt.trim())
    return <p className="mt-0.5 line-clamp-2 text-sm break-words text-slate-700">“{excerpt.trim()}”</p>
  if (item.notifiable_type === 'friend' && item.friend_status === 3 && item.notify_message_json?.key === 'friend_request')
    return (
      <p className="mt-0.5 text-xs font-medium text-emerald-800">
        <Trans>You are now friends</Trans>
      </p>
    )
  return null
}

/** Another page may be asked for now: there is one, and none is on its way or failed. */
const mayAsk = (pages: NotificationPaging | undefined) =>
  pages !== undefined && pages.hasMore && !pages.loading && !pages.loadingMore && !pages.failed && !pages.error

const ROW_ESTIMATE_PX = 72
/** The next page loads when the last row in view is this close to the end of what is loaded. */
const NEAR_END_ROWS = 3

/**
 * The notification drawer's list, newest first: who, what (two lines at most), how long ago.
 * Clicking an item opens what it is about and marks it read ('Mark as read' only marks it read);
 * 'Mark all as read'. The rows are virtualised: only those in view (and a few around) are in the
 * page, measured as they render (titles wrap to one or two lines, friend requests carry buttons),
 * and the row holding the focus stays. Scrolling near the end of the loaded rows asks for the next
 * page ('Load more' after the rows does the same); the pages machine decides what that loads.
 */
export function NotificationList({
  items,
  empty,
  unread,
  canMarkAllSeen,
  onSeen,
  onSeenAll,
  onOpen,
  now,
  pages,
  friendActions,
}: NotificationListProps) {
  const { t } = useLingui()
  const at = now ?? new Date()
  const loadingFirst = (pages?.loading === true || pages?.loadingMore === true) && items.length === 0
  const scrollRef = useRef<HTMLDivElement>(null)
  // The row holding the focus (the keyboard's, or a clicked button's where the browser focuses it):
  // kept in the page while it scrolls out of view, so the focus (and a friend request's answer in
  // flight) is not lost with it.
  const focusedId = useRef<string | null>(null)
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      const focused = focusedId.current === null ? -1 : items.findIndex((item) => item._id === focusedId.current)
      return focused < 0 || indexes.includes(focused) ? indexes : [...indexes, focused].sort((a, b) => a - b)
    },
    [items],
  )
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 6,
    getItemKey: (index) => items[index]!._id,
    rangeExtractor,
  })
  const rows = virtualizer.getVirtualItems()

  // Near the end of the loaded rows (the last one in view, not counting the overscan): the next page.
  const lastInView = virtualizer.range?.endIndex ?? -1
  const nearEnd = mayAsk(pages) && items.length > 0 && lastInView >= items.length - 1 - NEAR_END_ROWS
  const loadMore = useRef(pages?.onLoadMore)
  useEffect(() => {
    loadMore.current = pages?.onLoadMore
  })
  useEffect(() => {
    if (nearEnd) loadMore.current?.()
  }, [nearEnd, items.length])

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 items-center justify-between gap-3 border-b border-slate-100 px-4 py-2">
        <p className="text-sm text-slate-600">{unread > 0 ? t`${unread} unread` : t`All caught up`}</p>
        <button
          type="button"
          onClick={onSeenAll}
          disabled={!canMarkAllSeen}
          className="text-sm font-medium text-indigo-600 hover:text-indigo-500 disabled:text-slate-400"
        >
          <Trans>Mark all as read</Trans>
        </button>
      </div>
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="notification-scroller">
        {items.length === 0 ? (
          loadingFirst ? null : (
            <p className="px-4 py-8 text-center text-sm text-slate-500">{empty ?? <Trans>No notifications yet</Trans>}</p>
          )
        ) : (
          <ul aria-label={t`Notifications`} className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {rows.map((row) => {
              const item = items[row.index]!
              const text = notificationText(item)
              return (
                <li
                  key={row.key}
                  data-index={row.index}
                  ref={virtualizer.measureElement}
                  aria-label={text}
                  aria-posinset={row.index + 1}
                  aria-setsize={items.length}
                  onFocus={() => {
                    focusedId.current = item._id
                  }}
                  onBlur={(event) => {
                    if (!event.currentTarget.contains(event.relatedTarget)) focusedId.current = null
                  }}
                  style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
                  className={`flex items-start gap-3 border-b border-slate-100 px-4 py-3 ${item.is_seen ? '' : 'bg-indigo-50/60 hover:bg-indigo-50'}`}
                >
                  {item.customer ? <Avatar photoUrl={item.customer.photo_url} initials={initialsOf(item.customer.name)} size={40} /> : null}
                  <div className="min-w-0 flex-1">
                    <button
                      type="button"
                      onClick={() => {
                        if (onOpen) onOpen(item._id)
                        else if (!item.is_seen) onSeen(item._id)
                      }}
                      className={`block w-full text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 ${item.is_seen ? 'text-slate-700' : 'font-semibold text-slate-900'}`}
                    >
                      {/* Two lines at most (the clamp needs its own box: the button's `block` would undo it). */}
                      <span className="line-clamp-2 break-words">{text}</span>
                    </button>
                    <ItemDetail item={item} />
                    <p className={`mt-0.5 text-xs ${item.is_seen ? 'text-slate-600' : 'text-slate-700'}`}>
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
                    {/* Friend requests: the friends area's Accept / Reject buttons go here. */}
                    {item.notifiable_type === 'friend' && item.friend_status === 1 && friendActions ? (
                      <div className="mt-2">{friendActions(item)}</div>
                    ) : null}
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
    </div>
  )
}
