import { z } from 'zod'
import { objectId } from './common'

/**
 * Presence, custom status and read receipts (issue 26).
 *
 * - `online`: one of the person's sockets (any tab, device or node) is connected and its tab was
 *   used in the last AWAY_AFTER_MS; `away`: sockets are connected and every one of their tabs has
 *   been idle that long; `offline`: no socket has been connected for OFFLINE_GRACE_MS (a reload or
 *   a reconnect does not flap).
 * - Who sees it: the person's friends and the people who share a chat with them, never someone
 *   either of them blocked.
 */
export const PRESENCE_STATES = ['online', 'away', 'offline'] as const
export const presenceState = z.enum(PRESENCE_STATES)
export type PresenceState = z.infer<typeof presenceState>

/** A tab with no input and no visibility change for this long reports `away` (src/machines/activity). */
export const AWAY_AFTER_MS = 10 * 60 * 1000
/** The last socket closed this long ago: the person is offline (shorter and a reload would flap). */
export const OFFLINE_GRACE_MS = 30 * 1000
/** The most people one presence/of asks about, and the most one socket watches. */
export const PRESENCE_WATCH_MAX = 200
/** Read receipts are kept for chats of at most this many members (1:1 chats and small groups). */
export const RECEIPTS_MAX_MEMBERS = 20
/** A reader's position reaches the others at most this often (the first at once, the latest at the end). */
export const RECEIPT_THROTTLE_MS = 2_000

export const STATUS_EMOJI_MAX = 16
export const STATUS_TEXT_MAX = 100

/** A custom status: an emoji and a few words, until `expires_at` (null: until cleared). */
export const customStatus = z.object({
  emoji: z.string(),
  text: z.string(),
  expires_at: z.string().nullable(),
})
export type CustomStatus = z.infer<typeof customStatus>

export const presence = z.object({
  user_id: z.string(),
  state: presenceState,
  /** When they were last online (null: never seen, or online now). */
  last_seen_at: z.string().nullable(),
  /** Do not disturb now (by hand or their working hours): its own indicator. */
  dnd: z.boolean(),
  status: customStatus.nullable(),
})
export type Presence = z.infer<typeof presence>

/** POST presence/of: the people on the caller's screen. Those the caller may not see are left out of the answer. */
export const presenceOfBody = z.strictObject({ user_ids: z.array(objectId).min(1).max(PRESENCE_WATCH_MAX) })
export type PresenceOfBody = z.infer<typeof presenceOfBody>

/** An emoji or a few: at least one pictographic character, and no letters, digits or spaces. */
const statusEmoji = z
  .string()
  .trim()
  .min(1)
  .max(STATUS_EMOJI_MAX)
  .refine((text) => /\p{Extended_Pictographic}/u.test(text) && !/[\p{L}\p{N}\s]/u.test(text), 'Pick an emoji')

/** POST status/set: `expires_at` an ISO time in the future (the client turns "1 hour", "today", "this week" into one), or null. */
export const statusSetBody = z.strictObject({
  emoji: statusEmoji,
  text: z.string().trim().min(1).max(STATUS_TEXT_MAX),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
})
export type StatusSetBody = z.infer<typeof statusSetBody>

export const statusClearBody = z.strictObject({})

/** GET receipts: the read positions of a chat's other members, as the caller may see them. */
export const receiptsQuery = z.strictObject({ topic_id: objectId })

export const reader = z.object({
  user_id: z.string(),
  name: z.string(),
  photo_url: z.string().nullable(),
  /** They have seen the chat's messages up to this seq. */
  seq: z.number().int(),
})
export type Reader = z.infer<typeof reader>

export const receipts = z.object({
  topic_id: z.string(),
  /**
   * `on`: the readers follow; `off_mine`: the caller turned read receipts off (they see none);
   * `too_big`: the chat has more than RECEIPTS_MAX_MEMBERS members.
   */
  mode: z.enum(['on', 'off_mine', 'too_big']),
  readers: z.array(reader),
})
export type Receipts = z.infer<typeof receipts>

/** PRESENCE_CHANGED: to the sockets watching the person (PRESENCE_WATCH), never to someone either blocked. */
export interface PresenceChangedPayload {
  user_id: string
  state: PresenceState
  last_seen_at: string | null
}
/** STATUS_CHANGED: a custom status set, cleared or past its time, to the same watchers. */
export interface StatusChangedPayload {
  user_id: string
  status: CustomStatus | null
}
/** RECEIPT: a member read further in a chat, to the members who see receipts there. */
export interface ReceiptPayload {
  topic_id: string
  user_id: string
  seq: number
}
/** RECEIPTS_CHANGED, to the rooms of the person's chats: they turned their read receipts on or off (open chats read theirs again). */
export interface ReceiptsChangedPayload {
  user_id: string
}
/** What a tab reports: only its transitions (the activity machine), never each keystroke. */
export interface ActivityPayload {
  state: 'active' | 'away'
}
/** PRESENCE_WATCH: the people on this tab's screen (replaces the last list; those the user may not see are ignored). */
export interface PresenceWatchPayload {
  user_ids: string[]
}
