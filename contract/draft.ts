import { z } from 'zod'
import { objectId } from './common'
import { MESSAGE_MAX } from './message'

/**
 * Drafts (draft/*): what a person typed in a chat and has not sent, kept on the server so it
 * follows them to their other tabs and devices. One per person and chat; the latest save wins; an
 * empty text deletes it, and sending a message in the chat (not a thread reply) clears it. Each
 * change reaches the person's own sockets as DRAFT_CHANGED.
 */
export const DRAFT_MAX = MESSAGE_MAX

export const draft = z.object({
  topic_id: z.string(),
  /** '' when there is none. */
  text: z.string(),
  /** When it was last saved; null when there is none. */
  updated_at: z.string().nullable(),
})
export type Draft = z.infer<typeof draft>

/** POST draft/save: the draft of a chat the caller is in ('' deletes it). */
export const draftSaveBody = z.strictObject({
  topic_id: objectId,
  text: z.string().max(DRAFT_MAX),
})
export type DraftSaveBody = z.infer<typeof draftSaveBody>

/** GET draft/get?topic_id */
export const draftGetQuery = z.strictObject({ topic_id: objectId })

/** DRAFT_CHANGED, to the person's own sockets: the draft as saved (text '' once deleted or sent). */
export type DraftChangedPayload = Draft
