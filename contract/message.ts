import { z } from 'zod'
import { flag, objectId } from './common'
import { mediaItem, type UnlinkedMediaItem, withFileLinks, withoutFileLinks } from './media'
import { messageType } from './topic'
import { reactionSummary } from './reaction'

/**
 * Messages. Plain text, or rich text that the
 * server sanitises (`type: 'html'`). Deleting replaces the text for everyone. Messages of a topic
 * are ordered by `seq`, a number that only grows.
 */
export const MESSAGE_MAX = 10_000
export const MESSAGE_PAGE = 20
/**
 * The deepest `page` of topic/messages (2,000 messages back): deeper history pages by `before`,
 * which costs the same at any depth (an OFFSET reads every row it skips).
 */
export const MESSAGE_PAGE_MAX = 100
/** topic/pinned answers at most this many pinned messages, the most recently pinned. */
export const PINNED_MAX = 100

export const sender = z.object({ _id: z.string(), name: z.string(), workid: z.string(), photo_url: z.string().nullable() })
export type Sender = z.infer<typeof sender>

export const replyPreview = z.object({ _id: z.string(), message: z.string(), sender_name: z.string(), deleted: z.boolean() })
export type ReplyPreview = z.infer<typeof replyPreview>

/**
 * Link previews: what the page of a message's first link says (Open Graph, Twitter card, <title>),
 * fetched by the server after the send; its image is a file of the message's topic, linked per reader.
 */
export const messagePreview = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  site_name: z.string().nullable(),
  image: mediaItem.nullable(),
})
export type MessagePreview = z.infer<typeof messagePreview>

export const message = z.object({
  _id: z.string(),
  /** The sender's id for this message (idempotency key); null for system messages. */
  client_id: z.string().nullable(),
  topic_id: z.string(),
  seq: z.number().int(),
  type: messageType,
  /** Text (type text), sanitised HTML (type html); '' when deleted. */
  message: z.string(),
  sender: sender.nullable(),
  reply_to: replyPreview.nullable(),
  /** The forwarded message's sender name, when this is a forward. */
  forwarded_from: z.string().nullable(),
  media: z.array(mediaItem),
  /** How many of its files are no longer there (in the trash or deleted for good): `media` leaves them out. */
  files_removed: z.number().int().min(0),
  /** Mentioned user ids. */
  mentions: z.array(z.string()),
  is_pin: z.boolean(),
  is_deleted: z.boolean(),
  /** Reactions: each emoji with its count and the first people (a pushed message is everyone's: "mine" is `user_ids` holding me). */
  reactions: z.array(reactionSummary),
  edited_at: z.string().nullable(),
  /** Link previews: its first link's preview (fetched after the send, MESSAGE_CHANGED 'preview' when it comes); null: none. */
  preview: messagePreview.nullable(),
  created_at: z.string(),
  /** Threads: the root message this one replies to in its thread; null for a message of the chat itself. */
  thread_root_id: z.string().nullable(),
  /** A thread reply that was also sent to the chat (it shows in the conversation, marked as a reply). */
  also_in_chat: z.boolean(),
  /** A root's thread: its replies, the latest one's time, its latest repliers (newest first); null without replies. */
  thread: z.object({ reply_count: z.number().int().min(1), last_reply_at: z.string(), last_repliers: z.array(sender).max(3) }).nullable(),
})
export type Message = z.infer<typeof message>
export type ThreadSummary = NonNullable<Message['thread']>

/** A file as the socket pushes it: no links. Each reader builds its own with its media token. */
export type PushedMediaItem = UnlinkedMediaItem
/**
 * A message as the socket pushes it to everyone in its topic (NEW_MESSAGE, MESSAGE_CHANGED): its
 * files without links, so a payload never carries a link signed for someone else.
 */
export type PushedMessage = Omit<Message, 'media' | 'preview'> & {
  media: PushedMediaItem[]
  preview: (Omit<MessagePreview, 'image'> & { image: PushedMediaItem | null }) | null
}

export const withoutLinks = (m: Message): PushedMessage => ({
  ...m,
  media: m.media.map(withoutFileLinks),
  preview: m.preview && { ...m.preview, image: m.preview.image && withoutFileLinks(m.preview.image) },
})

/** A pushed message as its reader sees it: its files linked with the reader's media token. */
export const withLinks = (m: PushedMessage, mediaToken: string): Message => ({
  ...m,
  media: m.media.map((file) => withFileLinks(file, m.topic_id, mediaToken)),
  preview: m.preview && { ...m.preview, image: m.preview.image && withFileLinks(m.preview.image, m.topic_id, mediaToken) },
})

/** POST message/send (pinned): idempotent on (sender, client_id): a repeat answers the same message. */
export const sendMessageBody = z
  .strictObject({
    client_id: z.string().trim().min(1).max(64),
    topic_id: objectId,
    type: z.enum(['text', 'html']).default('text'),
    message: z.string().max(MESSAGE_MAX).default(''),
    reply_to: objectId.optional(),
    media_ids: z.array(objectId).max(10).default([]),
    mentions: z.array(objectId).max(100).default([]),
    /** A reply in this root message's thread (the root is a message of the chat, not itself a reply). */
    thread_root_id: objectId.optional(),
    /** With thread_root_id: the reply also shows in the chat. */
    also_in_chat: z.boolean().optional(),
  })
  .superRefine((body, issue) => {
    if (body.message.trim() === '' && body.media_ids.length === 0)
      issue.addIssue({ code: 'too_small', minimum: 1, origin: 'string', inclusive: true, path: ['message'], message: 'required' })
    if (body.also_in_chat && !body.thread_root_id)
      issue.addIssue({ code: 'custom', path: ['also_in_chat'], message: 'only for a thread reply' })
  })
export type SendMessageBody = z.input<typeof sendMessageBody>

/**
 * GET topic/messages?topic_id&page=N: 20 messages a page, newest first; with before=<seq> the pages
 * count from that seq back. With after=<seq>: the (at most 500) oldest messages after it, newest
 * first, for catching up; a full answer means ask again after its newest.
 */
export const messageListQuery = z.object({
  topic_id: objectId,
  /** 1-based page of 20, newest first (counted from `before` when given), at most MESSAGE_PAGE_MAX. */
  page: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(1),
  before: z.coerce.number().int().min(0).optional(),
  after: z.coerce.number().int().min(0).optional(),
})
export type MessageListQuery = z.infer<typeof messageListQuery>
export const CATCH_UP_MAX = 500

export const editMessageBody = z.strictObject({ message_id: objectId, message: z.string().trim().min(1).max(MESSAGE_MAX) })
export type EditMessageBody = z.infer<typeof editMessageBody>
export const messageIdBody = z.strictObject({ message_id: objectId })
export type MessageIdBody = z.infer<typeof messageIdBody>
/** message/forward: copies a message the caller can see into topics the caller belongs to. */
export const forwardMessageBody = z.strictObject({ message_id: objectId, topic_ids: z.array(objectId).min(1).max(20) })
export type ForwardMessageBody = z.infer<typeof forwardMessageBody>
/** PUT message/pin. */
export const pinMessageBody = z.strictObject({ message_id: objectId, is_pin: flag })
export type PinMessageBody = z.infer<typeof pinMessageBody>

/** Socket: a message changed (edited, deleted, pinned, unpinned). */
export const MESSAGE_CHANGES = ['edited', 'deleted', 'pinned', 'unpinned', 'preview'] as const
export type MessageChange = (typeof MESSAGE_CHANGES)[number]

/** Edit history: GET message/history?message_id: every text the message had, oldest first, the current one last. */
export const messageHistoryQuery = z.object({ message_id: objectId })
/** message/history answers at most this many texts: the latest ones. */
export const MESSAGE_HISTORY_MAX = 100
export type MessageHistoryQuery = z.infer<typeof messageHistoryQuery>
export const messageVersion = z.object({
  type: messageType,
  message: z.string(),
  /** When this text was written (the send, or the edit that made it). */
  written_at: z.string(),
  /** When an edit replaced it; null for the current text. */
  replaced_at: z.string().nullable(),
})
export type MessageVersion = z.infer<typeof messageVersion>
