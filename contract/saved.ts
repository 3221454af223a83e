import { z } from 'zod'
import { objectId, pageNumber } from './common'
import { message } from './message'

/**
 * Saved messages (saved/*): each person keeps their own list of messages to come back to. Saving
 * needs read access to the message (a member of its chat, the message not deleted); saving it again
 * changes nothing (one row per person and message). The list is newest-saved first, 20 a page. A
 * saved message the reader can no longer read (they left its chat, or it was deleted for everyone)
 * stays in the list as unavailable (`message: null`) until they remove it; a chat deleted for good
 * takes its saved messages with it.
 */
export const SAVED_MAX = 1000

/** POST saved/add and saved/remove. */
export const savedMessageBody = z.strictObject({ message_id: objectId })
export type SavedMessageBody = z.infer<typeof savedMessageBody>

/** What saved/add and saved/remove answer: whether the message is in the caller's saved list now. */
export const savedState = z.object({ message_id: z.string(), saved: z.boolean() })
export type SavedState = z.infer<typeof savedState>

/** GET saved/list: the caller's saved messages, newest-saved first. */
export const savedListQuery = z.object({ page: pageNumber })
export type SavedListQuery = z.infer<typeof savedListQuery>

/** GET saved/in-topic: which messages of one chat the caller saved (the message menu's Save or Remove from saved). */
export const savedInTopicQuery = z.object({ topic_id: objectId })

export const savedItem = z.object({
  message_id: z.string(),
  saved_at: z.string(),
  /** The chat it is in ('' when the reader is no longer in it, or a 1:1 chat without a name). */
  topic_id: z.string(),
  topic_name: z.string(),
  /** null: the reader can no longer read it (left its chat, or it was deleted). */
  message: message.nullable(),
})
export type SavedItem = z.infer<typeof savedItem>
