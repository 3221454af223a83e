import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Trans, useLingui } from '@lingui/react/macro'
import { chatTime } from '../../services/time-ago'
import { Avatar } from '../avatar'
import { Button } from '../button'
import { LoadFailed } from '../load-failed'
import { PresenceAvatar } from '../presence/presence-context'
import type { HiddenChatsView, TopicPreview, TopicRowView } from '../../machines/topic-list'
import { DeferredRowMenu } from './deferred-row-menu'
import type { TopicListProps } from './topic-list'

/*
 * The chat list's rows (virtualised, with their times and menus) and the Hidden chats view: what
 * the list shows once there are chats (topic-list.tsx loads it).
 */

function usePreviewText() {
  const { t } = useLingui()
  return (preview: TopicPreview): string => {
    switch (preview.kind) {
      case 'none':
        return t`No messages yet`
      case 'deleted':
        return t`Message deleted`
      case 'callOngoing':
        return t`Call in progress`
      case 'callEnded':
        return t`Call ended`
      case 'reminder': {
        const title = preview.title
        return title ? t`Reminder: ${title}` : t`Reminder`
      }
      case 'text':
        return preview.type === 'image'
          ? t`Photo`
          : preview.type === 'file'
            ? t`File`
            : preview.type === 'RequestChat'
              ? t`Chat request`
              : preview.type === 'vote'
                ? t`Poll: ${preview.text}`
                : preview.text
    }
  }
}

/** The chats the user hid, each with Unhide; Back returns to the list. */
export function HiddenChats({
  view,
  onUnhide,
  onClose,
  onRetry,
}: {
  view: HiddenChatsView
  onUnhide: (topicId: string) => void
  onClose: () => void
  onRetry: () => void
}) {
  const { t } = useLingui()
  const previewText = usePreviewText()
  return (
    <section aria-labelledby="hidden-chats-title" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <h2 id="hidden-chats-title" className="text-sm font-semibold text-slate-900">
          <Trans>Hidden chats</Trans>
        </h2>
        <Button size="sm" variant="secondary" onClick={onClose}>
          <Trans>Back to chats</Trans>
        </Button>
      </div>
      {view.status === 'loading' ? (
        <p role="status" className="px-4 py-6 text-sm text-slate-600">
          <Trans>Loading hidden chats…</Trans>
        </p>
      ) : view.status === 'failed' ? (
        <LoadFailed onRetry={onRetry} className="px-4 py-6">
          <Trans>Could not load your hidden chats.</Trans>
        </LoadFailed>
      ) : view.topics.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">
          <Trans>No hidden chats. A chat you hide waits here until you unhide it or a new message brings it back.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Hidden chats`} className="min-h-0 flex-1 overflow-y-auto">
          {view.topics.map((row) => {
            const name = row.name ?? t`New Message`
            return (
              <li key={row.id} aria-label={name} className="flex items-center gap-3 border-b border-slate-100 px-3 py-2">
                <Avatar photoUrl={row.photoUrl} initials={row.initials} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm text-slate-900">{name}</span>
                  <span className="block truncate text-xs text-slate-600">{previewText(row.preview)}</span>
                </span>
                <Button size="sm" variant="secondary" onClick={() => onUnhide(row.id)} aria-label={t`Unhide ${name}`}>
                  <Trans>Unhide</Trans>
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

const ROW_ESTIMATE_PX = 64

/** The rows, virtualised: only those in view (and a few around) are in the page. */
export function TopicRows({
  topics,
  onPin,
  onUnpin,
  onHide,
  onToggleSeen,
  hrefOf = (id) => `/chat/${id}`,
  onOpen,
  activeId = null,
}: TopicListProps) {
  const { t } = useLingui()
  const previewText = usePreviewText()
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: topics.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 6,
    getItemKey: (index) => topics[index]!.id,
  })
  const nameOf = (row: TopicRowView) => row.name ?? t`New Message`
  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="topic-scroller">
      <ul aria-label={t`Chats`} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = topics[item.index]!
          const active = row.id === activeId
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-label={nameOf(row)}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }}
              className={`flex items-center gap-3 border-b border-slate-100 px-3 py-2 ${active ? 'bg-indigo-100' : row.unread ? 'bg-indigo-50/50' : 'bg-white'}`}
            >
              {row.partnerId ? (
                <PresenceAvatar userId={row.partnerId} photoUrl={row.photoUrl} initials={row.initials} />
              ) : (
                <Avatar photoUrl={row.photoUrl} initials={row.initials} />
              )}
              <a
                href={hrefOf(row.id)}
                aria-current={active ? 'page' : undefined}
                onClick={(event) => {
                  if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey) return
                  event.preventDefault()
                  onOpen(row.id)
                }}
                className="min-w-0 flex-1"
              >
                <span className="flex items-center gap-2">
                  <span className={`min-w-0 flex-1 truncate text-sm ${row.unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>
                    {nameOf(row)}
                  </span>
                  <time dateTime={row.at} className={`shrink-0 text-xs ${active ? 'text-slate-700' : 'text-slate-600'}`}>
                    {chatTime(row.at)}
                  </time>
                </span>
                <span className={`mt-0.5 flex items-center gap-2 text-xs ${active ? 'text-slate-700' : 'text-slate-600'}`}>
                  {row.draft !== null ? (
                    <span data-preview="" className="min-w-0 flex-1 truncate">
                      <Trans>
                        <span className="font-semibold text-rose-700">Draft:</span> {row.draft}
                      </Trans>
                    </span>
                  ) : (
                    <span
                      data-preview=""
                      className={`min-w-0 flex-1 truncate ${row.preview.kind === 'deleted' || row.preview.kind === 'none' ? 'italic' : ''}`}
                    >
                      {previewText(row.preview)}
                    </span>
                  )}
                  {row.pinned ? (
                    <span className="shrink-0 rounded bg-amber-100 px-1 text-[10px] font-semibold uppercase text-amber-900">
                      <Trans>Pinned</Trans>
                    </span>
                  ) : null}
                  {row.unread ? (
                    <span className="inline-flex shrink-0 items-center gap-1 text-[10px] font-semibold text-indigo-800">
                      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-indigo-600" />
                      <Trans>Unread</Trans>
                    </span>
                  ) : null}
                </span>
              </a>
              <DeferredRowMenu
                name={nameOf(row)}
                pinned={row.pinned}
                unread={row.unread}
                onTogglePin={() => (row.pinned ? onUnpin(row.id) : onPin(row.id))}
                onToggleSeen={() => onToggleSeen(row.id, row.unread)}
                onHide={() => onHide(row.id)}
              />
            </li>
          )
        })}
      </ul>
    </div>
  )
}
