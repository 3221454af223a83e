import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Trans, useLingui } from '@lingui/react/macro'
import { chatTime } from '../../services/time-ago'
import { LoadFailed } from '../load-failed'
import type { TopicListProps as TopicListMachineProps, TopicPreview, TopicRowView } from '../../machines/topic-list'

export interface TopicListProps extends TopicListMachineProps {
  /** Where a row leads (default /chat/{id}). */
  hrefOf?: (topicId: string) => string
  /** Opens a topic in the app (instead of following the link). */
  onOpen?: (topicId: string) => void
  /** The open topic. */
  activeId?: string | null
}

function usePreviewText() {
  const { t } = useLingui()
  return (preview: TopicPreview): string => {
    switch (preview.kind) {
      case 'none':
        return ''
      case 'deleted':
        return t`Message deleted`
      case 'callOngoing':
        return t`Call in progress`
      case 'callEnded':
        return t`Call ended`
      case 'text':
        return preview.type === 'image'
          ? t`Photo`
          : preview.type === 'file'
            ? t`File`
            : preview.type === 'RequestChat'
              ? t`Chat request`
              : preview.text
    }
  }
}

const action = 'rounded px-1.5 py-0.5 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900'

/** The chat list: pinned first, then the newest activity first. */
export function TopicList(props: TopicListProps) {
  const { status, topics, onRetry } = props
  if (status === 'loading')
    return (
      <p role="status" className="px-4 py-6 text-sm text-slate-500">
        <Trans>Loading chats…</Trans>
      </p>
    )
  if (status === 'failed')
    return (
      <LoadFailed onRetry={onRetry} className="px-4 py-6">
        <Trans>Could not load your chats.</Trans>
      </LoadFailed>
    )
  if (topics.length === 0)
    return (
      <p className="px-4 py-6 text-sm text-slate-500">
        <Trans>No chats yet</Trans>
      </p>
    )
  return <TopicRows {...props} />
}

const ROW_ESTIMATE_PX = 64

/** The rows, virtualised: only those in view (and a few around) are in the page. */
function TopicRows({
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
              className={`group flex flex-wrap items-start gap-x-3 border-b border-slate-100 px-3 py-2 ${row.id === activeId ? 'bg-indigo-100' : row.unread ? 'bg-indigo-50/50' : 'bg-white'}`}
            >
              <a
                href={hrefOf(row.id)}
                aria-current={row.id === activeId ? 'page' : undefined}
                onClick={(event) => {
                  if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey) return
                  event.preventDefault()
                  onOpen(row.id)
                }}
                className="min-w-0 flex-1"
              >
                <span className="flex items-center gap-2">
                  <span className={`truncate text-sm ${row.unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>
                    {nameOf(row)}
                  </span>
                  {row.pinned ? (
                    <span className="rounded bg-amber-100 px-1 text-[10px] font-semibold uppercase text-amber-800">
                      <Trans>Pinned</Trans>
                    </span>
                  ) : null}
                  {row.unread ? (
                    <span className="inline-flex items-center gap-1 text-[10px] font-semibold text-indigo-700">
                      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-indigo-600" />
                      <Trans>Unread</Trans>
                    </span>
                  ) : null}
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2 text-xs text-slate-500">
                  <span data-preview="" className={`truncate ${row.preview.kind === 'deleted' ? 'italic' : ''}`}>
                    {previewText(row.preview)}
                  </span>
                  <time dateTime={row.at} className="shrink-0">
                    {chatTime(row.at)}
                  </time>
                </span>
              </a>
              <span className="flex shrink-0 gap-1">
                <button type="button" className={action} onClick={() => (row.pinned ? onUnpin(row.id) : onPin(row.id))}>
                  {row.pinned ? <Trans>Unpin</Trans> : <Trans>Pin</Trans>}
                </button>
                <button type="button" className={action} onClick={() => onToggleSeen(row.id, row.unread)}>
                  {row.unread ? <Trans>Mark as read</Trans> : <Trans>Mark as unread</Trans>}
                </button>
                <button type="button" className={action} onClick={() => onHide(row.id)}>
                  <Trans>Hide</Trans>
                </button>
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
