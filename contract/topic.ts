import { z } from 'zod'
import { flag, objectId, pageNumber } from './common'
import { member } from './channel'
import { ROLES } from './limits'

/**
 * Topics. A topic is a group chat inside a channel
 * (is_group true) or a 1:1 chat between two people (is_group false, channel_id null). Its creator
 * has role 40, topic admins 30, members 20; the channel's admins and owner count as topic admins.
 */
export const MESSAGE_TYPES = ['text', 'html', 'image', 'file', 'call', 'system', 'RequestChat', 'vote', 'reminder'] as const
export const messageType = z.enum(MESSAGE_TYPES)
export type MessageType = z.infer<typeof messageType>

/** The latest message of a topic, as the topic list shows it. */
export const lastMessage = z.object({
  _id: z.string(),
  /** Plain text preview (HTML stripped); '' when deleted. */
  message: z.string(),
  type: messageType,
  created_at: z.string(),
  sender_id: z.string().nullable(),
  deleted: z.boolean(),
})
export type LastMessage = z.infer<typeof lastMessage>

/**
 * Group settings an admin may restrict to admins: 1 = only admins may do it.
 * stop_chat_bot: the topic's chatbot is stopped.
 */
export const TOPIC_PERMISSIONS = [
  'add_member',
  'remove_member',
  'reminder',
  'poll',
  'edit_image',
  'edit_name',
  'pin_message',
  'call',
  'send_message',
  'stop_chat_bot',
] as const
export type TopicPermission = (typeof TOPIC_PERMISSIONS)[number]
export const topicPermissions = z.object(
  Object.fromEntries(TOPIC_PERMISSIONS.map((key) => [key, flag])) as Record<TopicPermission, typeof flag>,
)
export type TopicPermissions = z.infer<typeof topicPermissions>
/** Removing others is admin-only by default; everything else is open until an admin restricts it. */
export const DEFAULT_TOPIC_PERMISSIONS: TopicPermissions = {
  add_member: 0,
  remove_member: 1,
  reminder: 0,
  poll: 0,
  edit_image: 0,
  edit_name: 0,
  pin_message: 0,
  call: 0,
  send_message: 0,
  stop_chat_bot: 0,
}

/** A topic as the caller's topic list shows it (per-caller: is_pin, is_seen, role). */
export const topic = z.object({
  _id: z.string(),
  /** '' when nameless (the list shows 'New Message'); a 1:1 chat's name is the other person's. */
  name: z.string(),
  image: z.string().nullable(),
  /** The other person's photo in a 1:1 chat. */
  photo_url: z.string().nullable(),
  is_group: z.boolean(),
  is_pin: z.boolean(),
  is_seen: z.boolean(),
  in_call: z.boolean(),
  channel_id: z.string().nullable(),
  /** The creator's user id. */
  admin: z.string().nullable(),
  /** The caller's effective role in the topic (40 creator, 30 admin, 20 member). */
  role: z.number().int(),
  members_count: z.number().int(),
  permission: topicPermissions,
  label_id: z.string().nullable(),
  created_at: z.string(),
  message: lastMessage.nullable(),
  /** The 1:1 partner's id (null for groups). */
  partner_id: z.string().nullable(),
  /** The seq of the latest message the caller has seen (the unread divider goes after it). */
  last_seen_seq: z.number().int(),
})
export type Topic = z.infer<typeof topic>

/** GET topic/info?topic_id: the topic and its members (creator labelled by role 40). */
export const topicInfo = topic.extend({ customers: z.array(member) })
export type TopicInfo = z.infer<typeof topicInfo>

export const pageQuery = z.object({ page: pageNumber })
export type PageQuery = z.infer<typeof pageQuery>
export const topicIdQuery = z.object({ topic_id: objectId })
export type TopicIdQuery = z.infer<typeof topicIdQuery>
/** GET topic-in-channel?channel_id&page: the channel's group topics the caller belongs to. */
export const topicInChannelQuery = z.object({ channel_id: objectId, page: pageNumber })
export type TopicInChannelQuery = z.infer<typeof topicInChannelQuery>

/** POST channel/add-topic: a group chat in a channel; members must belong to the channel. */
export const addTopicBody = z.strictObject({
  channel_id: objectId,
  name: z.string().trim().min(1).max(75),
  customer_ids: z.array(objectId).max(500).default([]),
})
export type AddTopicBody = z.infer<typeof addTopicBody>

/** GET topic/chat-friend?customer_id= or ?workid=: the 1:1 chat with that person (made on first use). */
export const chatFriendQuery = z.union([z.object({ customer_id: objectId }), z.object({ workid: z.string().trim().min(1).max(64) })])
export type ChatFriendQuery = z.infer<typeof chatFriendQuery>

/** POST topic/member (add) and DELETE topic/member (remove; removing yourself is leaving). */
export const addMembersBody = z.strictObject({ topic_id: objectId, customer_ids: z.array(objectId).min(1).max(500) })
export type AddMembersBody = z.infer<typeof addMembersBody>
export const removeMemberBody = z.strictObject({ topic_id: objectId, customer_id: objectId })
export type RemoveMemberBody = z.infer<typeof removeMemberBody>

export const renameTopicBody = z.strictObject({ topic_id: objectId, name: z.string().trim().min(1).max(75) })
export type RenameTopicBody = z.infer<typeof renameTopicBody>
/** PUT topic/image: a group's picture, the caller's public upload (POST media/upload acl=public); null removes it. */
export const topicImageBody = z.strictObject({ topic_id: objectId, file_id: objectId.nullable() })
export type TopicImageBody = z.infer<typeof topicImageBody>
/** PUT topic/permission: admins restrict (1) or open (0) group settings. */
export const topicPermissionBody = z.strictObject({ topic_id: objectId, permission: topicPermissions.partial() })
export type TopicPermissionBody = z.infer<typeof topicPermissionBody>
/** PUT topic/label: put one of the channel's labels on a group topic (null clears). Admins only. */
export const topicLabelBody = z.strictObject({ topic_id: objectId, label_id: objectId.nullable() })
export type TopicLabelBody = z.infer<typeof topicLabelBody>
/** channel/topic/pin, channel/topic/unpin, topic/hide: per-caller. */
export const topicIdBody = z.strictObject({ topic_id: objectId })
export type TopicIdBody = z.infer<typeof topicIdBody>

/** A topic admin: its creator, a topic admin, or an admin of its channel (their effective role is 30+). */
export const isTopicAdmin = (role: number) => role >= ROLES.admin

/** Whether someone with `role` may use a group setting: 1:1 chats have no restrictions. */
export const topicAllows = (topic: { is_group: boolean; permission: TopicPermissions }, role: number, setting: TopicPermission) =>
  !topic.is_group || topic.permission[setting] !== 1 || isTopicAdmin(role)

/** A message is deleted for everyone by its sender or a topic admin. */
export const mayDeleteMessage = (role: number, mine: boolean) => mine || isTopicAdmin(role)
