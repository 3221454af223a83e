import { Trans, useLingui } from '@lingui/react/macro'
import type { ScheduledDraft } from '../../machines/scheduled-form'
import type { ScheduledListProps, ScheduledRow } from '../../machines/scheduled-list'
import { Alert } from '../alert'
import { Button } from '../button'
import { clockDay } from '../calendar/calendar-words'
import { LoadFailed } from '../load-failed'
import { LoadMoreButton } from '../load-more-button'

/**
 * The user's scheduled messages (one chat's, or every chat's): when each goes, Edit, Send now and
 * Cancel while it waits; a failed one says why, and Dismiss.
 */
export function ScheduledListView({
  allChats,
  loading,
  failed,
  empty,
  rows,
  hasMore,
  loadingMore,
  busy,
  error,
  onRetry,
  onLoadMore,
  onSendNow,
  onCancel,
  onEdit,
}: ScheduledListProps & { onEdit: (item: ScheduledDraft) => void }) {
  const { t } = useLingui()
  return (
    <div>
      {error ? <Alert className="mb-3">{error}</Alert> : null}
      {loading ? (
        <p role="status" className="text-sm text-slate-500">
          <Trans>Loading scheduled messages…</Trans>
        </p>
      ) : failed ? (
        <LoadFailed onRetry={onRetry}>
          <Trans>Could not load your scheduled messages.</Trans>
        </LoadFailed>
      ) : empty ? (
        <p className="text-sm text-slate-600">
          <Trans>No scheduled messages. Use the clock beside Send to send one later.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Scheduled messages`} className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
          {rows.map((row) => (
            <ScheduledEntry
              key={row.item._id}
              row={row}
              allChats={allChats}
              disabled={busy}
              onSendNow={() => onSendNow(row.item._id)}
              onCancel={() => onCancel(row.item._id)}
              onEdit={() => onEdit(row.item)}
            />
          ))}
        </ul>
      )}
      {hasMore && !empty ? <LoadMoreButton onLoadMore={onLoadMore} loadingMore={loadingMore} /> : null}
    </div>
  )
}

function ScheduledEntry({
  row: { item, busy, waiting },
  allChats,
  disabled,
  onSendNow,
  onCancel,
  onEdit,
}: {
  row: ScheduledRow
  allChats: boolean
  disabled: boolean
  onSendNow: () => void
  onCancel: () => void
  onEdit: () => void
}) {
  const { t } = useLingui()
  const at = clockDay(item.send_at)
  const chat = item.topic_name || t`New Message`
  const failed = item.status === 'failed'
  return (
    <li aria-label={item.message} className="flex flex-wrap items-start gap-3 px-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-600">
          {allChats ? <span className="font-semibold text-slate-800">{chat} · </span> : null}
          {failed ? (
            <span className="font-semibold text-red-700">
              {item.error === 'notFound' ? (
                <Trans>Not sent at {at}: the chat is gone.</Trans>
              ) : (
                <Trans>Not sent at {at}: you can no longer send messages in this chat.</Trans>
              )}
            </span>
          ) : item.status === 'sending' ? (
            <Trans>Sending…</Trans>
          ) : (
            <Trans>
              Sends at <time dateTime={item.send_at}>{at}</time>
            </Trans>
          )}
        </p>
        <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-wrap text-slate-900">{item.message}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-1">
        {waiting ? (
          <>
            <Button variant="ghost" size="sm" onClick={onEdit} disabled={disabled} aria-label={t`Edit: ${item.message}`}>
              <Trans>Edit</Trans>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={onSendNow}
              disabled={disabled}
              aria-busy={busy || undefined}
              aria-label={t`Send now: ${item.message}`}
            >
              <Trans>Send now</Trans>
            </Button>
          </>
        ) : null}
        {waiting || failed ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onCancel}
            disabled={disabled}
            aria-label={failed ? t`Dismiss: ${item.message}` : t`Cancel: ${item.message}`}
          >
            {failed ? <Trans>Dismiss</Trans> : <Trans>Cancel</Trans>}
          </Button>
        ) : null}
      </div>
    </li>
  )
}
