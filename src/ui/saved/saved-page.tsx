import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SavedListProps, SavedRow } from '../../machines/saved-list'
import { Alert } from '../alert'
import { Page } from '../app/page'
import { Button } from '../button'
import { clockDay } from '../calendar/calendar-words'
import { QuotedText } from '../calendar/reminder-card'
import { LoadFailed } from '../load-failed'
import { LoadMoreButton } from '../load-more-button'

/** A message's words on one line (a rich one's without markup), else its first file's name. */
export function messageWords(message: { type: string; message: string; media: { name: string }[] }): string {
  const text = message.type === 'html' ? message.message.replace(/<[^>]*>/g, ' ') : message.message
  return text.replace(/\s+/g, ' ').trim() || (message.media[0]?.name ?? '')
}

/** /chat/saved: the user's saved messages, newest saved first; each opens in its chat, or is removed. */
export function SavedPageView({
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
  onRemove,
}: SavedListProps) {
  const { t } = useLingui()
  return (
    <Page title={<Trans>Saved messages</Trans>}>
      {error ? <Alert className="mb-3">{error}</Alert> : null}
      {loading ? (
        <p role="status" className="text-sm text-slate-500">
          <Trans>Loading your saved messages…</Trans>
        </p>
      ) : failed ? (
        <LoadFailed onRetry={onRetry}>
          <Trans>Could not load your saved messages.</Trans>
        </LoadFailed>
      ) : empty ? (
        <p className="text-sm text-slate-600">
          <Trans>Nothing saved yet. Choose “Save” in a message’s actions to keep it here.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Saved messages`} className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
          {rows.map(({ item, busy: removing }) => (
            <SavedEntry key={item._id} item={item} disabled={busy} busy={removing} onRemove={() => onRemove(item._id)} />
          ))}
        </ul>
      )}
      {hasMore && !empty ? <LoadMoreButton onLoadMore={onLoadMore} loadingMore={loadingMore} /> : null}
    </Page>
  )
}

function SavedEntry({ item, disabled, busy, onRemove }: { item: SavedRow; disabled: boolean; busy: boolean; onRemove: () => void }) {
  const { t } = useLingui()
  const message = item.message
  const words = message ? messageWords(message) : ''
  const name = message?.sender?.name ?? t`System`
  const chat = item.topic_name || t`New Message`
  return (
    <li
      aria-label={message ? t`${name}: ${words}` : t`A message that is no longer available`}
      className="flex flex-wrap items-start gap-3 px-3 py-3"
    >
      <div className="min-w-0 flex-1">
        {message ? (
          <>
            <p className="text-xs text-slate-600">
              <span className="font-semibold text-slate-800">{name}</span> · {chat} ·{' '}
              <time dateTime={message.created_at}>{clockDay(message.created_at)}</time>
            </p>
            <p className="mt-1 line-clamp-3 text-sm break-words text-slate-900">
              <QuotedText text={words} />
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-600 italic">
            <Trans>This message is no longer available (you left its chat, or it was deleted).</Trans>
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {message ? (
          <Link
            to="/chat/$topicId"
            params={{ topicId: item.topic_id }}
            search={{ seq: message.seq }}
            aria-label={t`Open in chat: ${words}`}
            className="inline-flex min-h-9 items-center rounded-md px-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50 hover:underline"
          >
            <Trans>Open in chat</Trans>
          </Link>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={disabled}
          aria-busy={busy || undefined}
          aria-label={t`Remove from saved: ${message ? words : t`unavailable message`}`}
        >
          <Trans>Remove</Trans>
        </Button>
      </div>
    </li>
  )
}
