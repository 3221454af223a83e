import { z } from 'zod'
import { objectId } from './common'

/**
 * Reactions (reaction/*) and a channel's custom emoji (emoji/*). A reaction is one person's emoji on
 * one message: a real emoji (one RGI emoji grapheme, skin tones included) or `:shortcode:` of a
 * custom emoji of the message's channel. Adding the same one twice, or taking back one that is not
 * there, changes nothing. A message holds at most REACTION_EMOJI_MAX different emoji.
 */
export const REACTION_EMOJI_MAX = 50
/** A reaction summary names at most this many people per emoji (the first to react); reaction/list names the rest. */
export const REACTION_USERS_SHOWN = 20
/** reaction/list names at most this many people per emoji. */
export const REACTION_LIST_MAX = 200
/** The few emoji offered in a message's menu before the full picker. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🎉'] as const

/** A channel holds at most this many custom emoji; each image at most CUSTOM_EMOJI_MAX_BYTES. */
export const CUSTOM_EMOJI_MAX = 100
export const CUSTOM_EMOJI_MAX_BYTES = 256 * 1024
/** A custom emoji's shortcode without its colons: lowercase letters, digits, _ + and -. */
export const SHORTCODE_PATTERN = /^[a-z0-9_+-]{2,32}$/

const RGI_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v')
const SHORTCODE_REF = /^:([a-z0-9_+-]{2,32}):$/

/** One RGI emoji, written fully qualified (a heart without its U+FE0F gets it), or null when it is none. */
export function realEmoji(text: string): string | null {
  if (RGI_EMOJI.test(text)) return text
  const qualified = `${text}\uFE0F`
  return RGI_EMOJI.test(qualified) ? qualified : null
}

/** The shortcode `:name:` names (without colons), or null when it is not one. */
export const shortcodeOf = (emoji: string): string | null => SHORTCODE_REF.exec(emoji)?.[1] ?? null

/** A reaction's emoji on the wire: a real emoji, or `:shortcode:` (whether the channel has it is the server's check). */
export const reactionEmoji = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((text, ctx) => {
    const emoji = realEmoji(text) ?? (shortcodeOf(text) ? text : null)
    if (emoji === null) {
      ctx.addIssue({ code: 'custom', message: 'Choose an emoji' })
      return z.NEVER
    }
    return emoji
  })

/** POST reaction/add, POST reaction/remove: the caller's reaction with `emoji` on the message; each is idempotent. */
export const reactionBody = z.strictObject({ message_id: objectId, emoji: reactionEmoji })
export type ReactionBody = z.input<typeof reactionBody>

/** One emoji of a message's reactions, as everyone in its topic sees it. */
export const reactionSummary = z.object({
  emoji: z.string(),
  count: z.number().int().min(1),
  /**
   * The first REACTION_USERS_SHOWN people who reacted with it, in the order they did; in a page read
   * and in the answer to the reader's own change, the reader after them when they reacted later.
   */
  user_ids: z.array(z.string()),
  /** A custom emoji's image (public), null for a real emoji or a custom one its channel no longer has. */
  image_url: z.string().nullable(),
})
export type ReactionSummary = z.infer<typeof reactionSummary>

/** What reaction/add and reaction/remove answer, and what MESSAGE_REACTED pushes to the message's topic. */
export const messageReactions = z.object({
  message_id: z.string(),
  topic_id: z.string(),
  reactions: z.array(reactionSummary),
  /** The change that made them: who added or took away which emoji (a reader past the first people shown learns their own from it). */
  change: z.object({ user_id: z.string(), emoji: z.string(), added: z.boolean() }).optional(),
})
export type MessageReactions = z.infer<typeof messageReactions>
export type MessageReactedPayload = MessageReactions

/** CUSTOM_EMOJI_CHANGED, to the rooms of a channel's chats: an admin added or deleted one of its custom emoji (pickers read them again). */
export interface CustomEmojiChangedPayload {
  channel_id: string
}

/**
 * A message's reactions as `meId` sees them after `next` (a push or an answer) replaced `shown`:
 * each emoji `meId` reacted with holds them in its `user_ids`, also past the first people a push
 * names (the push is the same for everyone): theirs by the change when they made it, else as before.
 */
export function reactionsSeenBy(shown: readonly ReactionSummary[], next: MessageReactions, meId: string): ReactionSummary[] {
  const mineBefore = new Set(shown.filter((r) => r.user_ids.includes(meId)).map((r) => r.emoji))
  const { change } = next
  return next.reactions.map((r) => {
    if (r.user_ids.includes(meId)) return r
    const mine = change?.user_id === meId && change.emoji === r.emoji ? change.added : mineBefore.has(r.emoji)
    return mine ? { ...r, user_ids: [...r.user_ids, meId] } : r
  })
}

/** GET reaction/list?message_id: who reacted with what (names), for the "who reacted" sheet. */
export const reactionListQuery = z.object({ message_id: objectId })
export type ReactionListQuery = z.infer<typeof reactionListQuery>
export const reactor = z.object({ _id: z.string(), name: z.string(), photo_url: z.string().nullable() })
export type Reactor = z.infer<typeof reactor>
export const reactionPeople = z.object({
  emoji: z.string(),
  count: z.number().int(),
  image_url: z.string().nullable(),
  users: z.array(reactor),
})
export type ReactionPeople = z.infer<typeof reactionPeople>

/** A channel's custom emoji. */
export const customEmoji = z.object({
  _id: z.string(),
  channel_id: z.string(),
  /** Without colons. */
  shortcode: z.string(),
  image_url: z.string(),
  created_at: z.string(),
})
export type CustomEmoji = z.infer<typeof customEmoji>

/** GET emoji/custom?channel_id or ?topic_id: a channel's custom emoji (by a chat: its channel's; a 1:1 chat has none). */
export const customEmojiQuery = z
  .object({ channel_id: objectId.optional(), topic_id: objectId.optional() })
  .refine((q) => (q.channel_id === undefined) !== (q.topic_id === undefined), {
    message: 'Give channel_id or topic_id',
    path: ['channel_id'],
  })
export type CustomEmojiQuery = z.infer<typeof customEmojiQuery>

/** POST emoji/create (channel admins): a public image upload (media/upload with acl public) under a new shortcode. */
export const customEmojiCreateBody = z.strictObject({
  channel_id: objectId,
  shortcode: z
    .string()
    .trim()
    .toLowerCase()
    .transform((s) => s.replace(/^:|:$/g, ''))
    .pipe(z.string().regex(SHORTCODE_PATTERN, 'Use 2 to 32 letters, digits, _ + or -')),
  media_id: objectId,
})
export type CustomEmojiCreateBody = z.input<typeof customEmojiCreateBody>

/** DELETE emoji/delete (channel admins). */
export const customEmojiDeleteBody = z.strictObject({ emoji_id: objectId })
export type CustomEmojiDeleteBody = z.infer<typeof customEmojiDeleteBody>
