import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ThreadListItem } from '../../../contract/thread'
import type { PagedListProps } from '../../machines/paged-list'
import { markdownToPlain } from '../../../contract/markdown-text'
import { chatTime } from '../../services/time-ago'
import { Button } from '../button'
import { ReplierFace } from './thread-summary'
import { LoadMoreButton } from '../load-more-button'

/** One followed thread: its chat, its root's words, its repliers, its latest reply and the replies not read yet. */
function ThreadRow({ item }: { item: ThreadListItem }) {
  const { t } = useLingui()
  const { root } = item
  const author = root.sender?.name ?? t`System`
  const text = root.is_deleted ? t`This message was deleted` : markdownToPlain(root.message).slice(0, 140)
  const replies = root.thread?.reply_count ?? 0
  const when = root.thread ? chatTime(root.thread.last_reply_at) : chatTime(root.created_at)
  return (
    <Link
      to="/chat/$topicId/thread/$rootId"
      params={{ topicId: root.topic_id, rootId: root._id }}
      className="block rounded-md px-3 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="truncate text-xs font-semibold text-slate-600">{item.topic_name}</span>
        <time className="shrink-0 text-xs text-slate-500">{when}</time>
      </span>
      <span className="mt-0.5 block truncate text-sm text-slate-900">
        <span className="font-semibold">{author}</span>: {text}
      </span>
      <span className="mt-1 flex items-center gap-2 text-xs text-slate-600">
        <span className="flex -space-x-1.5">
          {root.thread?.last_repliers.map((p) => (
            <ReplierFace key={p._id} person={p} />
          ))}
        </span>
        <Plural value={replies} one="# reply" other="# replies" />
        {item.unread > 0 ? (
          <span className="rounded-full bg-indigo-600 px-2 py-0.5 font-semibold text-white">
            <Plural value={item.unread} one="# unread" other="# unread" />
          </span>
        ) : null}
      </span>
    </Link>
  )
}

/** The threads the user follows, latest reply first, each with its unread replies. */
export function ThreadList(props: PagedListProps<ThreadListItem>) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="threads-title" className="flex h-full min-h-0 flex-col bg-white">
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
        <Link to="/chat" className="inline-flex h-9 items-center rounded-md px-2 text-sm text-indigo-700 hover:bg-slate-100 md:hidden">
          <Trans>Chats</Trans>
        </Link>
        <h1 id="threads-title" className="text-base font-semibold text-slate-900">
          <Trans>Threads</Trans>
        </h1>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {props.loading ? (
          <p role="status" className="p-4 text-center text-sm text-slate-600">
            <Trans>Loading threads…</Trans>
          </p>
        ) : null}
        {props.failed ? (
          <div role="alert" className="p-4 text-center text-sm text-slate-700">
            <p>
              <Trans>Could not load your threads.</Trans>
            </p>
            <Button size="sm" variant="secondary" className="mt-2" onClick={props.onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : null}
        {props.empty ? (
          <p className="p-4 text-center text-sm text-slate-600">
            <Trans>No threads yet. Threads you start, reply to, are mentioned in or follow show here.</Trans>
          </p>
        ) : null}
        <ul aria-label={t`Followed threads`} className="space-y-1">
          {props.items.map((item) => (
            <li key={item.root._id}>
              <ThreadRow item={item} />
            </li>
          ))}
        </ul>
        {props.hasMore ? (
          <div className="p-2 text-center">
            <LoadMoreButton onLoadMore={props.onLoadMore} loadingMore={props.loadingMore} className="" />
          </div>
        ) : null}
      </div>
    </section>
  )
}
