import { Trans, useLingui } from '@lingui/react/macro'
import type { Message } from '../../../contract/message'
import type { MessagePermissions } from '../../machines/conversation'
import type { PendingMessage } from '../../machines/outbox'
import { fileSize } from '../file-size'
import { Icon } from '../icons'
import { RichText } from '../rich-text'
import { chatTime } from '../../services/time-ago'
import { linkify } from './linkify'

export interface MessageActions {
  onReply: (message: Message) => void
  onEdit: (message: Message) => void
  onDelete: (message: Message) => void
  onPin: (message: Message) => void
  onForward: (message: Message) => void
}

function Body({ message }: { message: Message }) {
  if (message.is_deleted)
    return (
      <p className="italic text-slate-500">
        <Trans>This message was deleted</Trans>
      </p>
    )
  return (
    <>
      {message.type === 'html' ? (
        // Sanitised by the server (server/http/sanitize.ts) and again here: formatting and http(s) links only.
        <RichText className="prose-sm break-words" html={message.message} />
      ) : message.message ? (
        <p className="whitespace-pre-wrap break-words">{linkify(message.message)}</p>
      ) : null}
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
    </>
  )
}

/** One message: sender, time, reply quote, text (links), attachments and its actions. */
export function MessageRow({
  message,
  mine,
  may,
  actions,
}: {
  message: Message
  mine: boolean
  may: MessagePermissions
  actions: MessageActions
}) {
  const { t } = useLingui()
  const action = 'rounded px-1.5 py-0.5 text-xs text-slate-500 hover:bg-slate-200 hover:text-slate-900'
  return (
    <div className={`group relative flex flex-col px-4 py-1.5 ${mine ? 'items-end' : 'items-start'}`}>
      <div className="flex items-baseline gap-2 text-xs text-slate-500">
        <span className="font-semibold text-slate-700">{message.sender?.name ?? t`System`}</span>
        <time dateTime={message.created_at}>{chatTime(message.created_at)}</time>
        {message.edited_at && !message.is_deleted ? <Trans>(edited)</Trans> : null}
        {message.is_pin ? (
          <span className="rounded bg-amber-100 px-1 text-amber-800">
            <Trans>Pinned</Trans>
          </span>
        ) : null}
      </div>
      <div
        className={`mt-0.5 max-w-[85%] rounded-2xl px-3 py-2 text-sm sm:max-w-[70%] ${mine ? 'bg-indigo-600 text-white [&_a]:text-white' : 'bg-slate-100 text-slate-900'}`}
      >
        {message.forwarded_from !== null ? (
          <p className="mb-1 text-xs opacity-80">
            <Trans>Forwarded from {message.forwarded_from}</Trans>
          </p>
        ) : null}
        {message.reply_to ? (
          <blockquote className="mb-1 border-l-2 border-current pl-2 text-xs opacity-80">
            <span className="font-semibold">{message.reply_to.sender_name}</span>:{' '}
            {message.reply_to.deleted ? t`This message was deleted` : message.reply_to.message}
          </blockquote>
        ) : null}
        <Body message={message} />
      </div>
      {message.is_deleted ? null : (
        // In the flow on touch screens; from 768 px it floats over the row's top corner on hover or focus.
        <div
          className={`flex gap-1 md:absolute md:top-0 md:rounded-md md:border md:border-slate-200 md:bg-white md:p-0.5 md:opacity-0 md:shadow-sm md:group-focus-within:opacity-100 md:group-hover:opacity-100 ${mine ? 'md:left-4' : 'md:right-4'}`}
        >
          <button type="button" className={action} onClick={() => actions.onReply(message)}>
            <Trans>Reply</Trans>
          </button>
          {mine ? (
            <button type="button" className={action} onClick={() => actions.onEdit(message)}>
              <Trans>Edit</Trans>
            </button>
          ) : null}
          {may.delete(message) ? (
            <button type="button" className={action} onClick={() => actions.onDelete(message)}>
              <Trans>Delete</Trans>
            </button>
          ) : null}
          {may.pin ? (
            <button type="button" className={action} onClick={() => actions.onPin(message)}>
              {message.is_pin ? <Trans>Unpin</Trans> : <Trans>Pin</Trans>}
            </button>
          ) : null}
          <button type="button" className={action} onClick={() => actions.onForward(message)}>
            <Trans>Forward</Trans>
          </button>
        </div>
      )}
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
