import { z } from 'zod'
import { objectId } from './common'
import { message, type ThreadSummary } from './message'

/**
 * Threads (Slack/Zulip style). A reply in a root message's thread is a message with `thread_root_id`;
 * it shows in the chat only when it was also sent there (`also_in_chat`). The root carries the
 * thread's summary (`thread`). Followers (the root's author, whoever replied or was mentioned in it,
 * and whoever followed it by hand) see it in their threads list with the replies they have not read.
 */
export const THREAD_PAGE = 20

/**
 * A root's summary once a pushed one comes (a reply's NEW_MESSAGE carries its root's): the one that
 * counts more replies, so a push seen twice or after a fresher page never takes the count back.
 */
export const newerThread = (shown: ThreadSummary | null, pushed: ThreadSummary): ThreadSummary =>
  shown && shown.reply_count > pushed.reply_count ? shown : pushed
/** thread/list answers at most this many threads a page. */
export const THREAD_LIST_PAGE = 20

/** GET thread/messages?root_id: the root, and its replies newest first, 20 a page (before=<seq>: those before it). */
export const threadMessagesQuery = z.object({
  root_id: objectId,
  before: z.coerce.number().int().min(0).optional(),
})
export type ThreadMessagesQuery = z.infer<typeof threadMessagesQuery>

export const threadPage = z.object({
  root: message,
  /** Newest first; a full page (THREAD_PAGE) means there may be older replies. */
  replies: z.array(message),
  /** Whether the caller follows the thread. */
  following: z.boolean(),
})
export type ThreadPage = z.infer<typeof threadPage>

/** GET thread/list?page: the threads the caller follows, latest reply first. */
export const threadListQuery = z.object({ page: z.coerce.number().int().min(1).max(100).default(1) })
export type ThreadListQuery = z.infer<typeof threadListQuery>

export const threadListItem = z.object({
  root: message,
  /** The chat's name as the caller sees it (a 1:1 chat: the other person's name). */
  topic_name: z.string(),
  /** Replies by others the caller has not read. */
  unread: z.number().int().min(0),
})
export type ThreadListItem = z.infer<typeof threadListItem>

/** POST thread/follow: follow or stop following a thread of a chat the caller is in. */
export const threadFollowBody = z.strictObject({ root_id: objectId, follow: z.boolean() })
export type ThreadFollowBody = z.infer<typeof threadFollowBody>
export const threadFollowResult = z.object({ root_id: z.string(), following: z.boolean() })
export type ThreadFollowResult = z.infer<typeof threadFollowResult>

/** POST thread/read: the caller has read the thread's replies so far. */
export const threadReadBody = z.strictObject({ root_id: objectId })
export type ThreadReadBody = z.infer<typeof threadReadBody>
export const threadReadResult = z.object({ root_id: z.string(), unread: z.literal(0) })

/**
 * Socket THREAD_CHANGED: to the user's own sockets when they read, followed or unfollowed a thread
 * (their threads list asks again), with its summary as it is. A reply's new summary goes to the
 * topic on the reply's own NEW_MESSAGE (`root_thread`), not here.
 */
export interface ThreadChangedPayload {
  topic_id: string
  root_id: string
  thread: z.infer<typeof message>['thread']
}
