import type { ReactNode } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { parseCallSummary } from '../../../contract/call'
import type { Message } from '../../../contract/message'
import type { MessagePermissions } from '../../machines/conversation'
import type { PendingMessage } from '../../machines/outbox'
import { fileSize } from '../file-size'
import { Icon } from '../icons'
import { RichText } from '../rich-text'
import { chatTime } from '../../services/time-ago'
import { CallSummaryLine } from './call-summary'
import { QuotedText, ReminderCard } from '../calendar/reminder-card'
import { linkify } from './linkify'
import { LinkPreview } from './link-preview'
import { Markdown } from '../markdown/markdown'
import { type MessageActions, MessageMoreButton } from './message-actions'
import { useLongPress } from './use-long-press'
import { RepliedInThread, ThreadSummaryButton } from '../thread/thread-summary'

/** The message's text and files; its files moved to the trash or deleted say so in a muted line. */
function Body({
  message,
  poll,
  onRemovePreview,
}: {
  message: Message
  poll?: (message: Message) => ReactNode
  /** The sender's "Remove preview" of the message's link preview. */
  onRemovePreview?: () => void
}) {
  if (message.is_deleted)
    return (
      <p className="italic text-slate-500">
        <Trans>This message was deleted</Trans>
      </p>
    )
  const summary = message.type === 'call' ? parseCallSummary(message.message) : null
  if (summary) return <CallSummaryLine summary={summary} />
  // A group reminder's message: its card, never its JSON.
  if (message.type === 'reminder') return <ReminderCard text={message.message} />
  if (message.type === 'vote')
    return poll ? (
      poll(message)
    ) : (
      <p className="break-words">
        <Trans>Poll: {message.message}</Trans>
      </p>
    )
  return (
    <>
      {message.type === 'html' ? (
        // Sanitised by the server (server/http/sanitize.ts) and again here: formatting and http(s) links only.
        <RichText className="prose-sm break-words" html={message.message} />
      ) : message.type === 'text' && message.message ? (
        // Markdown, sanitised (src/ui/markdown): the stored text is its source, so an edit keeps working.
        <Markdown text={message.message} mentions={message.mentions} />
      ) : message.message ? (
        <p className="whitespace-pre-wrap break-words">{linkify(message.message)}</p>
      ) : null}
      {message.preview ? <LinkPreview preview={message.preview} onRemove={onRemovePreview} /> : null}
      {message.media.map((item) =>
        item.thumb_url ? (
          <a key={item._id} href={item.url} target="_blank" rel="noopener noreferrer" className="mt-1 block">
            <img
              src={item.thumb_url}
              alt={item.name}
              width={item.width ?? undefined}
              height={item.height ?? undefined}
              className="max-h-60 max-w-full rounded-md border border-slate-200 object-contain"
              style={{ aspectRatio: item.width && item.height ? `${item.width} / ${item.height}` : undefined }}
            />
          </a>
        ) : (
          <a
            key={item._id}
            href={item.url}
            download={item.name}
            className="mt-1 flex items-center gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 hover:bg-slate-50"
          >
            <Icon name="file" className="h-4 w-4 shrink-0 text-slate-500" />
            <span className="truncate">{item.name}</span>
            <span className="shrink-0 text-xs text-slate-500">{fileSize(item.size)}</span>
          </a>
        ),
      )}
      {message.files_removed > 0 ? (
        <p className="mt-1 text-xs italic opacity-80">
          <Plural value={message.files_removed} one="File removed" other="# files removed" />
        </p>
      ) : null}
    </>
  )
}

/**
 * One message: sender and time (once per run: not when it continues the sender's run), reply quote,
 * text (links), attachments, and its "more" button; a long press on it (touch) opens its actions too.
 */
export function MessageRow({
  message,
  mine,
  continued = false,
  may,
  actions,
  onOpenSheet,
  poll,
}: {
  message: Message
  mine: boolean
  /** Continues the sender's run: no name and time above it. */
  continued?: boolean
  may: MessagePermissions
  actions: MessageActions
  /** Opens this message's actions sheet (phones). */
  onOpenSheet: () => void
  /** The live card of a poll (a message of type 'vote'). */
  poll?: (message: Message) => ReactNode
}) {
  const { t } = useLingui()
  const press = useLongPress(onOpenSheet)
  const edited = message.edited_at && !message.is_deleted
  // A poll's card brings its own frame (it reads the same from everyone), so the bubble is plain.
  const card = message.type === 'vote' && !message.is_deleted && poll !== undefined
  const bubble = card
    ? 'w-full max-w-[85%] text-sm sm:max-w-sm'
    : `max-w-[85%] rounded-2xl px-3 py-2 text-sm sm:max-w-[70%] ${mine ? 'bg-indigo-600 text-white [&_a]:text-white' : 'bg-slate-100 text-slate-900'}`
  return (
    <div className={`group flex flex-col px-4 ${continued ? 'pt-0.5' : 'pt-2'} pb-0.5 ${mine ? 'items-end' : 'items-start'}`}>
      <div className="flex items-baseline gap-2 text-xs text-slate-500">
        {continued || mine ? null : <span className="font-semibold text-slate-700">{message.sender?.name ?? t`System`}</span>}
        {/* A run shows its time once; the others keep theirs for screen readers. */}
        <time dateTime={message.created_at} className={continued ? 'sr-only' : undefined}>
          {chatTime(message.created_at)}
        </time>
        {edited && actions.onHistory ? (
          <button
            type="button"
            onClick={() => actions.onHistory?.(message)}
            aria-label={t`(edited) Show the edit history`}
            className="rounded underline decoration-dotted hover:text-slate-800"
          >
            <Trans>(edited)</Trans>
          </button>
        ) : edited ? (
          <Trans>(edited)</Trans>
        ) : null}
        {message.is_pin ? (
          <span className="rounded bg-amber-100 px-1 text-amber-800">
            <Trans>Pinned</Trans>
          </span>
        ) : null}
      </div>
      {message.also_in_chat && actions.onReplyInThread ? <RepliedInThread onOpen={() => actions.onReplyInThread?.(message)} /> : null}
      <div className={`mt-0.5 flex max-w-full items-center gap-1 ${mine ? 'flex-row-reverse' : ''}`}>
        <div {...(message.is_deleted ? {} : press)} className={`min-w-0 max-md:select-none max-md:[-webkit-touch-callout:none] ${bubble}`}>
          {message.forwarded_from !== null ? (
            <p className="mb-1 text-xs opacity-80">
              <Trans>Forwarded from {message.forwarded_from}</Trans>
            </p>
          ) : null}
          {message.reply_to ? (
            <blockquote className="mb-1 border-l-2 border-current pl-2 text-xs opacity-80">
              <span className="font-semibold">{message.reply_to.sender_name}</span>:{' '}
              {message.reply_to.deleted ? t`This message was deleted` : <QuotedText text={message.reply_to.message} />}
            </blockquote>
          ) : null}
          <Body
            message={message}
            poll={poll}
            onRemovePreview={mine && actions.onRemovePreview ? () => actions.onRemovePreview?.(message) : undefined}
          />
        </div>
        {message.is_deleted ? null : (
          <MessageMoreButton message={message} mine={mine} may={may} actions={actions} onOpenSheet={onOpenSheet} />
        )}
      </div>
      {message.is_deleted ? null : actions.reactions?.(message)}
      {message.thread && actions.onReplyInThread ? (
        <ThreadSummaryButton thread={message.thread} onOpen={() => actions.onReplyInThread?.(message)} />
      ) : null}
    </div>
  )
}

/** A message still in the outbox. */
export function PendingRow({ pending }: { pending: PendingMessage }) {
  return (
    <div className="flex flex-col items-end px-4 py-1.5 opacity-70">
      <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl bg-indigo-400 px-3 py-2 text-sm text-white sm:max-w-[70%]">
        {pending.entry.message}
      </div>
      <span className="text-xs text-slate-500">
        {pending.status === 'sending' ? (
          <Trans>Sending…</Trans>
        ) : pending.status === 'waiting' ? (
          <Trans>Waiting for connection</Trans>
        ) : (
          <Trans>Queued</Trans>
        )}
      </span>
    </div>
  )
}
