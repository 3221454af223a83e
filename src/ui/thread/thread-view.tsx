import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { Message } from '../../../contract/message'
import type { ThreadProps } from '../../machines/thread'
import { chatTime } from '../../services/time-ago'
import { Button } from '../button'
import { Icon } from '../icons'
import { Markdown } from '../markdown/markdown'
import { RichText } from '../rich-text'
import { linkify } from '../conversation/linkify'
import { AttachButton, AttachmentList } from '../upload/attachments'

/** A message of the thread: who, when, what (its files as links). */
function ThreadMessage({ message, root = false, focused = false }: { message: Message; root?: boolean; focused?: boolean }) {
  const { t } = useLingui()
  const name = message.sender?.name ?? t`System`
  return (
    <article
      aria-label={root ? t`Thread started by ${name}` : t`Reply from ${name}`}
      aria-current={focused ? 'true' : undefined}
      tabIndex={focused ? -1 : undefined}
      className={`px-4 py-2 ${focused ? 'bg-amber-50 ring-2 ring-inset ring-amber-400 focus:outline-none' : ''}`}
    >
      <div className="flex items-baseline gap-2 text-xs text-slate-500">
        <span className="font-semibold text-slate-800">{name}</span>
        <time dateTime={message.created_at}>{chatTime(message.created_at)}</time>
        {message.also_in_chat ? (
          <span className="rounded bg-slate-100 px-1 text-slate-700">
            <Trans>Also sent to the chat</Trans>
          </span>
        ) : null}
      </div>
      <div className="mt-0.5 text-sm text-slate-900">
        {message.is_deleted ? (
          <p className="italic text-slate-500">
            <Trans>This message was deleted</Trans>
          </p>
        ) : message.type === 'html' ? (
          <RichText className="prose-sm break-words" html={message.message} />
        ) : message.type === 'text' && message.message ? (
          <Markdown text={message.message} mentions={message.mentions} />
        ) : message.message ? (
          <p className="whitespace-pre-wrap break-words">{linkify(message.message)}</p>
        ) : null}
        {message.is_deleted
          ? null
          : message.media.map((item) => (
              <a key={item._id} href={item.url} download={item.name} className="mt-1 flex items-center gap-2 text-indigo-700 underline">
                <Icon name="file" className="h-4 w-4 shrink-0" />
                <span className="truncate">{item.name}</span>
              </a>
            ))}
      </div>
    </article>
  )
}

export interface ThreadViewProps extends ThreadProps {
  /** The chat's name, under the title. */
  chatName: string
  /** Closes the thread (back to the chat). */
  onClose: () => void
}

/**
 * A thread beside its chat (a panel from 1024 px) or as a page of its own (phones): the root, its
 * replies (older ones on demand, new ones live), Follow, and the reply box with "Also send to the chat".
 */
export function ThreadView(props: ThreadViewProps) {
  const { t } = useLingui()
  const { root, replies, replyCount, chatName, focusedId } = props
  const end = useRef<HTMLDivElement>(null)
  const title = useRef<HTMLHeadingElement>(null)
  const focused = useRef<HTMLLIElement>(null)
  // Opened, the thread takes the focus (keyboard and screen reader users land in it).
  useEffect(() => {
    title.current?.focus()
  }, [])
  const last = replies.at(-1)?._id
  // A new reply (or the first page) scrolls to the newest, unless the thread opened on a reply.
  useEffect(() => {
    if (!focusedId) end.current?.scrollIntoView?.({ block: 'end' })
  }, [last, focusedId])
  // Opened on a reply (a search result): once it shows, it is scrolled to and takes the focus.
  useEffect(() => {
    if (!focusedId) return
    focused.current?.scrollIntoView?.({ block: 'center' })
    focused.current?.querySelector('article')?.focus()
  }, [focusedId])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSend()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      props.onSend()
    }
  }
  return (
    // Escape closes the thread (not while a reply is being written in its box).
    <section
      aria-labelledby="thread-title"
      onKeyDown={(event) => {
        const writing = event.target instanceof HTMLTextAreaElement && event.target.value !== ''
        if (event.key === 'Escape' && !writing && !event.defaultPrevented) props.onClose()
      }}
      className="flex h-full min-h-0 w-full flex-col bg-white"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
        <button
          type="button"
          onClick={props.onClose}
          aria-label={t`Close thread`}
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Icon name="back" className="h-5 w-5 lg:hidden" />
          <Icon name="close" className="hidden h-5 w-5 lg:block" />
        </button>
        <div className="min-w-0 flex-1">
          <h2 id="thread-title" ref={title} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
            <Trans>Thread</Trans>
          </h2>
          <p className="truncate text-xs text-slate-600">{chatName}</p>
        </div>
        <Button
          size="sm"
          variant={props.following ? 'secondary' : 'primary'}
          aria-pressed={props.following}
          aria-busy={props.followBusy}
          disabled={props.followBusy || root === null}
          onClick={props.onToggleFollow}
        >
          {props.following ? <Trans>Following</Trans> : <Trans>Follow</Trans>}
        </Button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto py-2">
        {props.loading ? (
          <p role="status" className="px-4 py-6 text-center text-sm text-slate-600">
            <Trans>Loading the thread…</Trans>
          </p>
        ) : null}
        {props.failed ? (
          <div role="alert" className="px-4 py-6 text-center text-sm text-slate-700">
            <p>
              <Trans>Could not load the thread.</Trans>
            </p>
            <Button size="sm" variant="secondary" className="mt-2" onClick={props.onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : null}
        {root ? (
          <>
            <ThreadMessage message={root} root />
            <p className="mx-4 my-1 border-b border-slate-200 pb-1 text-xs font-semibold text-slate-600" data-testid="thread-reply-count">
              <Plural value={replyCount} one="# reply" other="# replies" />
            </p>
            {props.hasOlder || props.loadingOlder ? (
              <div className="px-4 py-1">
                <Button size="sm" variant="ghost" onClick={props.onLoadOlder} disabled={props.loadingOlder} aria-busy={props.loadingOlder}>
                  <Trans>Show older replies</Trans>
                </Button>
              </div>
            ) : null}
            <ol aria-label={t`Replies`} aria-live="polite" className="list-none">
              {replies.map((m) => (
                <li key={m._id} ref={m._id === focusedId ? focused : undefined}>
                  <ThreadMessage message={m} focused={m._id === focusedId} />
                </li>
              ))}
            </ol>
          </>
        ) : null}
        <div ref={end} />
      </div>
      {props.error ? (
        <p role="alert" className="mx-3 mb-1 rounded bg-red-50 px-2 py-1 text-sm text-red-800">
          {props.error}
        </p>
      ) : null}
      {props.canSend ? (
        <form onSubmit={submit} className="border-t border-slate-200 p-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
          <AttachmentList attachments={props.attachments} className="mb-2" />
          <textarea
            aria-label={t`Reply in thread`}
            placeholder={t`Reply…`}
            rows={2}
            value={props.draft}
            onChange={(e) => props.onType(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={(event) => {
              const files = [...event.clipboardData.files]
              if (files.length) {
                event.preventDefault()
                props.onFiles(files)
              }
            }}
            className="block w-full resize-none rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-indigo-600 focus:outline-none sm:text-sm"
          />
          <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-1">
              <AttachButton onFiles={props.onFiles} />
              <label className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={props.alsoInChat} onChange={props.onToggleAlsoInChat} className="h-4 w-4" />
                <Trans>Also send to the chat</Trans>
              </label>
            </div>
            <Button type="submit" size="sm" disabled={!props.sendEnabled} aria-busy={props.sending || props.uploading}>
              <Trans>Send reply</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <p className="border-t border-slate-200 p-3 text-sm text-slate-600">
          <Trans>Only admins can send messages here</Trans>
        </p>
      )}
    </section>
  )
}
