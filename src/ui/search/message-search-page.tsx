import { Link } from '@tanstack/react-router'
import dayjs from 'dayjs'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { MessageSearchProps, SnippetPart } from '../../machines/message-search'
import { Page } from '../app/page'
import { LoadFailed } from '../load-failed'

/**
 * /search?q=&in=: the messages of the user's chats (or of one chat) that contain the keyword; a
 * result opens its chat on it, and "Only this chat" limits the search to that result's chat.
 */
export function MessageSearchPage(
  props: MessageSearchProps & { onSearch: (keyword: string) => void; onSearchIn: (topicId: string | null) => void },
) {
  const { t } = useLingui()
  return (
    <Page title={<Trans>Search messages</Trans>}>
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          props.onSearch(String(new FormData(e.currentTarget).get('q') ?? ''))
        }}
      >
        <input
          key={props.keyword}
          name="q"
          type="search"
          defaultValue={props.keyword}
          aria-label={t`Words to find in messages`}
          placeholder={t`Words to find in messages`}
          maxLength={100}
          className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
        />
        <button
          type="submit"
          className="h-10 rounded-md bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Trans>Search</Trans>
        </button>
      </form>
      {props.inChat ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-indigo-50 px-3 py-1 font-medium text-indigo-800">
            {props.inChat.name ? <Trans>Only in {props.inChat.name}</Trans> : <Trans>Only in one chat</Trans>}
          </span>
          <button
            type="button"
            onClick={() => props.onSearchIn(null)}
            className="rounded-md px-2 py-1 font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Trans>Search all chats</Trans>
          </button>
        </div>
      ) : null}
      <div className="mt-6">
        {props.idle ? (
          <p className="text-sm text-slate-500">
            <Trans>Type words to find them in the messages of your chats.</Trans>
          </p>
        ) : null}
        {props.loading ? (
          <p role="status" className="text-sm text-slate-500">
            <Trans>Searching…</Trans>
          </p>
        ) : null}
        {props.failed ? (
          <LoadFailed onRetry={props.onRetry}>
            <Trans>The search failed.</Trans>
          </LoadFailed>
        ) : null}
        {props.empty ? (
          <div role="status" className="rounded-lg border border-slate-200 bg-white px-4 py-6">
            <h2 className="text-base font-semibold text-slate-900">
              <Trans>No messages contain “{props.keyword}”</Trans>
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
              <li>
                <Trans>Check the spelling.</Trans>
              </li>
              <li>
                <Trans>Try fewer or other words.</Trans>
              </li>
              <li>
                <Trans>Accents are not needed: “du an” finds “dự án”.</Trans>
              </li>
            </ul>
          </div>
        ) : null}
        {props.results.length > 0 ? (
          <p className="mb-2 text-sm text-slate-600">
            {props.moreToCome ? (
              <Plural value={props.count} one="# result so far" other="# results so far" />
            ) : (
              <Plural value={props.count} one="# result" other="# results" />
            )}
          </p>
        ) : null}
        {props.results.length > 0 ? (
          <ul aria-label={t`Messages found`} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {props.results.map(({ message, chatName, parts }) => {
              const name = chatName || t`New Message`
              return (
                <li key={message._id} className="flex items-start">
                  <Link
                    {...(message.thread_root_id
                      ? {
                          to: '/chat/$topicId/thread/$rootId',
                          params: { topicId: message.topic_id, rootId: message.thread_root_id },
                          search: { reply: message.seq },
                        }
                      : { to: '/chat/$topicId', params: { topicId: message.topic_id }, search: { seq: message.seq } })}
                    className="block min-w-0 flex-1 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
                      <span className="font-semibold text-slate-700">{name}</span>
                      {message.sender ? <span>{message.sender.name}</span> : null}
                      <time dateTime={message.created_at}>{dayjs(message.created_at).format('YYYY-MM-DD HH:mm')}</time>
                    </span>
                    <span className="mt-1 block text-sm break-words text-slate-900">
                      {message.truncated_start ? '… ' : null}
                      <Snippet parts={parts} />
                      {message.truncated_end ? ' …' : null}
                    </span>
                  </Link>
                  {props.inChat ? null : (
                    <button
                      type="button"
                      onClick={() => props.onSearchIn(message.topic_id)}
                      aria-label={t`Only this chat: ${name}`}
                      className="m-2 max-w-28 shrink-0 rounded-md px-2 py-1 text-right text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      <Trans>Only this chat</Trans>
                    </button>
                  )}
                </li>
              )
            })}
          </ul>
        ) : null}
        {props.hasMore ? (
          <button
            type="button"
            onClick={props.onLoadMore}
            disabled={props.loadingMore}
            aria-busy={props.loadingMore}
            className="mt-3 rounded-md px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-60"
          >
            {props.loadingMore ? <Trans>Loading…</Trans> : <Trans>More results</Trans>}
          </button>
        ) : null}
      </div>
    </Page>
  )
}

/** The snippet as text, its matched parts marked. */
function Snippet({ parts }: { parts: SnippetPart[] }) {
  return parts.map((part, i) =>
    part.match ? (
      <mark key={i} className="rounded bg-amber-200 px-0.5 text-slate-900">
        {part.text}
      </mark>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  )
}
