import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Message } from '../../../contract/message'
import type { PendingMessage } from '../../machines/outbox'
import type { MessagePermissions } from '../../machines/conversation'
import { markdownToPlain } from '../../../contract/markdown-text'
import { chatTime, dayLabel } from '../../services/time-ago'
import type { MessageActions } from './message-actions'
import { MessageRow, PendingRow } from './message-row'
import type { ReceiptsView } from '../../machines/receipts'
import { readersByMessage, SeenBy } from '../presence/seen-by'

type Row =
  | { kind: 'message'; message: Message }
  | { kind: 'pending'; pending: PendingMessage }
  | { kind: 'divider' }
  | { kind: 'day'; message: Message }

export interface MessageListProps {
  messages: Message[]
  pending: PendingMessage[]
  firstUnreadId: string | null
  /** The message the chat was opened on: kept in view and marked. */
  focusedId?: string | null
  /** Messages that continue their sender's run (no name and time). */
  continued?: ReadonlySet<string>
  /** Messages that open a day: a day separator ('Today', 'Yesterday', or the date) goes before each. */
  dayStarts?: ReadonlySet<string>
  /** The day separators' today (tests pass a fixed one). */
  now?: Date
  hasOlder: boolean
  loadingOlder: boolean
  meId: string
  may: MessagePermissions
  actions: MessageActions
  onLoadOlder: () => void
  /** Opens a message's actions sheet (phones: its "more" button or a long press). */
  onOpenSheet: (message: Message) => void
  /** The live card of a poll message (type 'vote'). */
  poll?: (message: Message) => ReactNode
  /** Read receipts: each reader shows under the latest message they have seen. */
  readers?: ReceiptsView | null
}

const NO_RUNS: ReadonlySet<string> = new Set()
/** Keys that move between messages in the feed (the WAI-ARIA feed pattern, and arrows on a message itself). */
const MOVE_KEYS: Record<string, -1 | 1> = { PageUp: -1, PageDown: 1, ArrowUp: -1, ArrowDown: 1 }
const ANNOUNCED_MAX = 200
const NEAR_TOP_PX = 200
const AT_BOTTOM_PX = 80

const keyOf = (row: Row) =>
  row.kind === 'message'
    ? row.message._id
    : row.kind === 'day'
      ? `day-${row.message._id}`
      : row.kind === 'pending'
        ? `pending-${row.pending.entry.client_id}`
        : 'divider'

/**
 * The messages, virtualised: only the rows in view (and a few around) are in the page. Scrolling
 * near the top loads older pages; the view stays where it was when they arrive, follows new
 * messages while at the bottom, and otherwise offers a jump to the latest. A short conversation sits
 * at the bottom, its newest message just above the composer.
 */
export function MessageList({
  messages,
  pending,
  firstUnreadId,
  focusedId = null,
  continued = NO_RUNS,
  dayStarts = NO_RUNS,
  now = new Date(),
  hasOlder,
  loadingOlder,
  meId,
  may,
  actions,
  onLoadOlder,
  onOpenSheet,
  poll,
  readers = null,
}: MessageListProps) {
  const { t } = useLingui()
  const scrollRef = useRef<HTMLDivElement>(null)
  const [atBottom, setAtBottom] = useState(true)
  const rows: Row[] = []
  for (const message of messages) {
    if (dayStarts.has(message._id)) rows.push({ kind: 'day', message })
    if (message._id === firstUnreadId) rows.push({ kind: 'divider' })
    rows.push({ kind: 'message', message })
  }
  for (const p of pending) rows.push({ kind: 'pending', pending: p })
  const seenAt = readers ? readersByMessage(messages, readers.readers) : null

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 72,
    overscan: 6,
    getItemKey: (index) => keyOf(rows[index]!),
  })

  // Older pages are prepended: keep the first previously shown message where it was.
  const firstId = messages[0]?._id
  // Starts empty, so the first render scrolls to the newest message.
  const previous = useRef<{ firstId: string | undefined; count: number }>({ firstId, count: 0 })
  // Opened on a message: it stays in view (while newer ones load after it) until the user scrolls.
  const holdFocus = useRef(focusedId !== null)
  const releaseFocus = () => {
    holdFocus.current = false
  }
  useLayoutEffect(() => {
    const before = previous.current
    previous.current = { firstId, count: rows.length }
    if (focusedId && holdFocus.current) {
      const index = rows.findIndex((row) => row.kind === 'message' && row.message._id === focusedId)
      if (index >= 0) {
        if (rows.length !== before.count) virtualizer.scrollToIndex(index, { align: 'center' })
        return
      }
    }
    if (before.firstId && firstId !== before.firstId) {
      const index = rows.findIndex((row) => row.kind === 'message' && row.message._id === before.firstId)
      if (index > 0) virtualizer.scrollToIndex(index, { align: 'start' })
      return
    }
    if (rows.length !== before.count && (atBottom || before.count === 0)) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' })
  })

  // Keyboard: Page Up/Down (and the arrows on a message) move focus to the previous or next message;
  // a message out of view is scrolled in first, and focused once the virtualiser has rendered it.
  const focusIndex = useRef<number | null>(null)
  useLayoutEffect(() => {
    if (focusIndex.current === null) return
    const row = scrollRef.current?.querySelector<HTMLElement>(`[role="article"][data-index="${focusIndex.current}"]`)
    if (!row) return
    focusIndex.current = null
    row.focus({ preventScroll: true })
  })
  const onFeedKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement
    const article = target.closest<HTMLElement>('[role="article"]')
    if (!article) return
    const step = MOVE_KEYS[event.key]
    if (event.key === 'Enter' && target === article) {
      // Enter on a message reaches its actions.
      article.querySelector<HTMLElement>('button, a[href]')?.focus()
      event.preventDefault()
      return
    }
    if (!step || (event.key.startsWith('Arrow') && target !== article)) return
    const from = Number(article.dataset.index)
    let to = from + step
    while (to >= 0 && to < rows.length && rows[to]!.kind !== 'message' && rows[to]!.kind !== 'pending') to += step
    event.preventDefault()
    if (to < 0 || to >= rows.length) return
    releaseFocus()
    focusIndex.current = to
    virtualizer.scrollToIndex(to, { align: 'auto' })
    scrollRef.current?.querySelector<HTMLElement>(`[role="article"][data-index="${to}"]`)?.focus({ preventScroll: true })
  }

  // A new message from someone else is announced once, politely (not the whole list, not older pages, not the first load).
  const [announcement, setAnnouncement] = useState('')
  const lastId = messages.at(-1)?._id
  const announcedAfter = useRef(lastId)
  useEffect(() => {
    const last = messages.at(-1)
    if (!last || last._id === announcedAfter.current) return
    announcedAfter.current = last._id
    if (last.sender?._id === meId || last.is_deleted) return
    const text = last.type === 'text' ? markdownToPlain(last.message) : last.message
    setAnnouncement(`${last.sender?.name ?? t`System`}: ${text.slice(0, ANNOUNCED_MAX)}`)
  }, [lastId, messages, meId, t])

  const nameOf = (row: Row): string | undefined => {
    if (row.kind === 'pending') return t`You, sending`
    if (row.kind !== 'message') return undefined
    const m = row.message
    const who = m.sender?._id === meId ? t`You` : (m.sender?.name ?? t`System`)
    const when = `${dayLabel(m.created_at, now)} ${chatTime(m.created_at, now)}`
    return t`${who}, ${when}`
  }
  const messageCount = messages.length + pending.length
  const hasArticles = messageCount > 0
  /** Each row's position among the messages (1-based; separators take none). */
  const positions: number[] = []
  rows.forEach((row, i) => positions.push((positions[i - 1] ?? 0) + (row.kind === 'message' || row.kind === 'pending' ? 1 : 0)))

  const onScroll = () => {
    const el = scrollRef.current
    if (!el) return
    setAtBottom(el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX)
    if (el.scrollTop < NEAR_TOP_PX && hasOlder && !loadingOlder) onLoadOlder()
  }

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        onWheel={releaseFocus}
        onTouchStart={releaseFocus}
        onKeyDown={releaseFocus}
        className="flex h-full flex-col overflow-y-auto"
        data-testid="message-scroller"
      >
        {loadingOlder ? (
          <p role="status" className="py-2 text-center text-xs text-slate-500">
            <Trans>Loading older messages…</Trans>
          </p>
        ) : hasOlder ? (
          // Scrolling up to here loads the older page; a list that is already at the top (a short
          // page, a tall window) fires no scroll, so the page is offered here too.
          <button
            type="button"
            onClick={onLoadOlder}
            className="mx-auto my-2 shrink-0 rounded px-3 py-2 text-xs text-sky-700 hover:bg-slate-100"
          >
            <Trans>Load older messages</Trans>
          </button>
        ) : null}
        <div
          // A feed holds articles: an empty chat's list is no feed yet (axe: aria-required-children).
          role={hasArticles ? 'feed' : undefined}
          aria-label={hasArticles ? t`Messages` : undefined}
          aria-busy={hasArticles ? loadingOlder : undefined}
          onKeyDown={onFeedKeyDown}
          className="mt-auto shrink-0"
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!
            const article = row.kind === 'message' || row.kind === 'pending'
            return (
              <div
                key={item.key}
                // Each message is an article of the feed (focusable, named by its sender and time); day
                // separators and the new-messages line are plain text between them.
                role={article ? 'article' : undefined}
                tabIndex={article ? 0 : undefined}
                aria-label={nameOf(row)}
                aria-posinset={article ? positions[item.index] : undefined}
                // The whole count is known once the oldest message is loaded.
                aria-setsize={article ? (hasOlder ? -1 : messageCount) : undefined}
                data-index={item.index}
                aria-current={row.kind === 'message' && row.message._id === focusedId ? 'true' : undefined}
                className={`focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500 ${row.kind === 'message' && row.message._id === focusedId ? 'bg-amber-50' : ''}`}
                ref={virtualizer.measureElement}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
              >
                {row.kind === 'day' ? (
                  <DaySeparator label={dayLabel(row.message.created_at, now)} />
                ) : row.kind === 'divider' ? (
                  <div className="flex items-center gap-2 px-4 py-2 text-xs font-semibold text-red-600">
                    <span className="h-px flex-1 bg-red-300" />
                    <Trans>New messages</Trans>
                    <span className="h-px flex-1 bg-red-300" />
                  </div>
                ) : row.kind === 'pending' ? (
                  <PendingRow pending={row.pending} />
                ) : (
                  <MessageRow
                    message={row.message}
                    mine={row.message.sender?._id === meId}
                    continued={continued.has(row.message._id)}
                    may={may}
                    actions={actions}
                    onOpenSheet={() => onOpenSheet(row.message)}
                    poll={poll}
                  />
                )}
                {row.kind === 'message' && seenAt?.has(row.message._id) ? (
                  <SeenBy readers={seenAt.get(row.message._id)!} oneToOne={readers!.oneToOne} />
                ) : null}
              </div>
            )
          })}
        </div>
      </div>
      {/* A log: a live region (polite) that announces what is added; one new message at a time. */}
      <div role="log" aria-label={t`New message`} className="sr-only">
        {announcement}
      </div>
      {atBottom ? null : (
        <button
          type="button"
          onClick={() => {
            releaseFocus()
            virtualizer.scrollToIndex(rows.length - 1, { align: 'end' })
          }}
          className="absolute bottom-3 right-4 rounded-full bg-indigo-600 px-3 py-1.5 text-xs font-semibold text-white shadow hover:bg-indigo-700"
        >
          <Trans>Jump to latest</Trans>
        </button>
      )}
    </div>
  )
}

/** A day's start in the conversation: a rule with the day's name in the middle (text in the feed: a feed holds only articles). */
function DaySeparator({ label }: { label: string }) {
  return (
    <div data-day-separator="" className="flex items-center gap-2 px-4 py-2 text-xs font-semibold text-slate-600">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      <span>{label}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
    </div>
  )
}
