import { Plural, Trans } from '@lingui/react/macro'
import type { Message, Sender } from '../../../contract/message'
import { chatTime } from '../../services/time-ago'

/** A replier's small round picture (their initials without one); the names beside it say who. */
export function ReplierFace({ person }: { person: Sender }) {
  const initials = person.name.trim().slice(0, 1).toUpperCase() || '?'
  return person.photo_url ? (
    <img src={person.photo_url} alt="" className="h-5 w-5 rounded-full border border-white object-cover" />
  ) : (
    <span
      aria-hidden="true"
      className="inline-flex h-5 w-5 items-center justify-center rounded-full border border-white bg-indigo-600 text-[10px] font-semibold text-white"
    >
      {initials}
    </span>
  )
}

/**
 * Under a root message in the chat: how many replies its thread has, its latest repliers and the
 * time of the latest reply; pressing it opens the thread.
 */
export function ThreadSummaryButton({ thread, onOpen }: { thread: NonNullable<Message['thread']>; onOpen: () => void }) {
  const names = thread.last_repliers.map((p) => p.name).join(', ')
  const time = chatTime(thread.last_reply_at)
  return (
    <button
      type="button"
      onClick={onOpen}
      className="mt-1 inline-flex max-w-full items-center gap-2 rounded-md px-1.5 py-1 text-xs text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span className="flex shrink-0 -space-x-1.5">
        {thread.last_repliers.map((p) => (
          <ReplierFace key={p._id} person={p} />
        ))}
      </span>
      <span className="font-semibold">
        <Plural value={thread.reply_count} one="# reply" other="# replies" />
      </span>
      <span className="truncate text-slate-600">
        <span className="sr-only">
          <Trans>from {names}</Trans>{' '}
        </span>
        <Trans>Last reply {time}</Trans>
      </span>
    </button>
  )
}

/** Above a thread reply that was also sent to the chat: it answers a thread; pressing it opens that thread. */
export function RepliedInThread({ onOpen }: { onOpen: () => void }) {
  return (
    <button type="button" onClick={onOpen} className="mb-0.5 text-xs text-indigo-700 underline-offset-2 hover:underline">
      <Trans>Replied in a thread: view thread</Trans>
    </button>
  )
}
