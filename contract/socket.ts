import type { BookingChangedPayload } from './booking'
import type { CalendarChangedPayload } from './calendar'
import type { Call, CallStatus, RoomChatLine, RoomJoinAck, RoomParticipant, RoomSignal, SfuAck, SfuRequest } from './call'
import type { MessageChange, PushedMessage, ThreadSummary } from './message'
import type { Notification } from './notify'
import type { FocusPayload, NotifySeenPayload } from './push'
import type { Topic } from './topic'
import type { TodoChangedPayload } from './todo'
import type { PollChangedPayload } from './vote'
import type {
  ActivityPayload,
  PresenceChangedPayload,
  PresenceWatchPayload,
  ReceiptPayload,
  ReceiptsChangedPayload,
  StatusChangedPayload,
} from './presence'
import type { ScheduledChangedPayload } from './scheduled'
import type { ThreadChangedPayload } from './thread'
import type { CustomEmojiChangedPayload, MessageReactedPayload } from './reaction'
import type { DraftChangedPayload } from './draft'

/**
 * Socket events. The client connects to /socket.io with `auth: { token }`
 * (or the Authorization header); the server puts each socket in the room `user:<id>`.
 */
export const SOCKET_EVENTS = {
  NEW_MESSAGE: 'NEW_MESSAGE',
  NEW_REQUEST_CALL: 'NEW_REQUEST_CALL',
  RESPONSE_CALL: 'RESPONSE_CALL',
  CLOSE_POPUP_CALL: 'CLOSE_POPUP_CALL',
  LOGOUT: 'LOGOUT',
  OUT_TOPIC: 'OUT_TOPIC',
  OUT_CHANNEL: 'OUT_CHANNEL',
  data: 'data',
  MESSAGE_CHANGED: 'MESSAGE_CHANGED',
  TOPIC_CHANGED: 'TOPIC_CHANGED',
  TYPING: 'TYPING',
  // notifications
  FOCUS: 'FOCUS',
  NOTIFY_SEEN: 'NOTIFY_SEEN',
  // the user's own settings
  SETTINGS_CHANGED: 'SETTINGS_CHANGED',
  // someone the user shares a chat with
  PERSON_DND_CHANGED: 'PERSON_DND_CHANGED',
  // polls: a vote, a new option or a lock, to everyone in the poll's topic
  POLL_CHANGED: 'POLL_CHANGED',
  // reactions: a message's reactions changed, to everyone in its topic
  MESSAGE_REACTED: 'MESSAGE_REACTED',
  // custom emoji: a channel's were added or deleted, to the rooms of its chats
  CUSTOM_EMOJI_CHANGED: 'CUSTOM_EMOJI_CHANGED',
  // to-dos: created, changed or deleted, to a chat's members (a personal one: its creator)
  TODO_CHANGED: 'TODO_CHANGED',
  // calendar events: created, changed or deleted, to everyone who sees them
  CALENDAR_CHANGED: 'CALENDAR_CHANGED',
  // bookings: requested, decided or canceled, to the owner's and a signed-in booker's sockets
  BOOKING_CHANGED: 'BOOKING_CHANGED',
  // presence: a watched person went online, away or offline; their custom status; a reader's position
  PRESENCE_CHANGED: 'PRESENCE_CHANGED',
  STATUS_CHANGED: 'STATUS_CHANGED',
  RECEIPT: 'RECEIPT',
  RECEIPTS_CHANGED: 'RECEIPTS_CHANGED',
  // from a tab: the people on its screen, and its own activity transitions
  PRESENCE_WATCH: 'PRESENCE_WATCH',
  ACTIVITY: 'ACTIVITY',
  // scheduled messages: made, changed, sent, failed or cancelled, to the author's own sockets
  SCHEDULED_CHANGED: 'SCHEDULED_CHANGED',
  // threads: the user read or (un)followed a thread (to the user's own sockets; a reply's new summary rides on its NEW_MESSAGE)
  THREAD_CHANGED: 'THREAD_CHANGED',
  // drafts: saved, deleted or cleared by a send, to the user's own sockets
  DRAFT_CHANGED: 'DRAFT_CHANGED',
} as const

/** Sent to a user's other sockets when one of them logs out: their login status changed. */
export interface LogoutPayload {
  user_id: string
}

export interface ServerToClientEvents {
  LOGOUT: (payload: LogoutPayload) => void
  /** A call rings this user (every socket of theirs). */
  NEW_REQUEST_CALL: (payload: NewRequestCallPayload) => void
  /** A call this user takes part in was answered, declined, cancelled, missed or ended (caller and callees). */
  RESPONSE_CALL: (payload: ResponseCallPayload) => void
  /** Stop ringing for this call on this user's sockets (answered or declined on another tab or device, or cancelled). */
  CLOSE_POPUP_CALL: (payload: ClosePopupCallPayload) => void
  ROOM_SIGNAL: (payload: RoomSignal) => void
  ROOM_STATE: (payload: { room_id: string; participant: RoomParticipant; speaking?: boolean }) => void
  ROOM_CHAT: (payload: RoomChatLine) => void
  ROOM_PEER_JOINED: (payload: { room_id: string; participant: RoomParticipant }) => void
  ROOM_PEER_LEFT: (payload: { room_id: string; participant_id: string }) => void
  ROOM_FEED: (payload: { room_id: string; feed: string; participant_id: string }) => void
  ROOM_HOST: (payload: { room_id: string; action: 'mute' | 'remove' | 'end' | 'lock' | 'unlock' }) => void
  ROOM_ENDED: (payload: { room_id: string }) => void
  /** A new notification for this user (notify/*). */
  data: (notification: Notification) => void
  /** A message in one of the user's topics (sent to the topic room). */
  NEW_MESSAGE: (payload: NewMessagePayload) => void
  /** A message was edited, deleted, pinned or unpinned. */
  MESSAGE_CHANGED: (payload: MessageChangedPayload) => void
  /** A topic appeared for this user (added as member, new 1:1 chat) or changed (rename, permissions, members). */
  TOPIC_CHANGED: (payload: TopicChangedPayload) => void
  /** A poll of one of the user's topics changed (votes, options, lock). */
  POLL_CHANGED: (payload: PollChangedPayload) => void
  /** A message of one of the user's topics got or lost a reaction: its reactions now. */
  MESSAGE_REACTED: (payload: MessageReactedPayload) => void
  /** An admin added or deleted a custom emoji of the channel of one of the user's chats. */
  CUSTOM_EMOJI_CHANGED: (payload: CustomEmojiChangedPayload) => void
  /** A to-do the user sees was created, changed or deleted. */
  TODO_CHANGED: (payload: TodoChangedPayload) => void
  /** A calendar event the user sees was created, changed or deleted. */
  CALENDAR_CHANGED: (payload: CalendarChangedPayload) => void
  /** A booking the user owns or made was requested, decided or canceled. */
  BOOKING_CHANGED: (payload: BookingChangedPayload) => void
  SCHEDULED_CHANGED: (payload: ScheduledChangedPayload) => void
  /** The user read or (un)followed a thread (on any tab or node). */
  THREAD_CHANGED: (payload: ThreadChangedPayload) => void
  /** The user's draft of a chat was saved, deleted or cleared by a send (in any tab or device of theirs). */
  DRAFT_CHANGED: (payload: DraftChangedPayload) => void
  /** The user left or was removed from a topic: it leaves their list. */
  OUT_TOPIC: (payload: OutTopicPayload) => void
  /** The user left or was removed from a channel: its groups (`topic_ids`, those they were in) leave their list. */
  OUT_CHANNEL: (payload: OutChannelPayload) => void
  /** Someone is typing in a topic. */
  TYPING: (payload: TypingPayload) => void
  /** Notifications were read on one of the user's sockets: every socket of the user marks them read. */
  NOTIFY_SEEN: (payload: NotifySeenPayload) => void
  /** The user changed some of their own settings (in any tab or device, or by the email's unsubscribe link): each of their sockets hears it, and its tab loads them again. */
  SETTINGS_CHANGED: (payload: SettingsChangedPayload) => void
  /** Someone the user shares a chat with (1:1 or group) turned do not disturb on or off, or changed their working hours (sent to their chats' rooms). */
  PERSON_DND_CHANGED: (payload: PersonDndChangedPayload) => void
  /** A person this socket watches (PRESENCE_WATCH) went online, away or offline. */
  PRESENCE_CHANGED: (payload: PresenceChangedPayload) => void
  /** A person this socket watches set or cleared their custom status, or it ran out. */
  STATUS_CHANGED: (payload: StatusChangedPayload) => void
  /** A member of one of the user's chats read further (only between people who both keep read receipts on, in chats of up to 20). */
  RECEIPT: (payload: ReceiptPayload) => void
  /** A member of one of the user's chats (or the user) turned their read receipts on or off. */
  RECEIPTS_CHANGED: (payload: ReceiptsChangedPayload) => void
}

export interface NewMessagePayload {
  message: PushedMessage
  /**
   * A thread reply's: its root's thread summary counting this reply (the root's new `thread`), so the
   * chat's readers update the root from this one event. Absent for a message of the chat itself.
   */
  root_thread?: ThreadSummary
}
export interface MessageChangedPayload {
  change: MessageChange
  message: PushedMessage
}
export interface TopicChangedPayload {
  /** 'added': the topic is new to this user; 'updated': name, image, permission or members changed. */
  change: 'added' | 'updated'
  /** The topic as this user sees it. */
  topic: Topic
}
export interface OutTopicPayload {
  topic_id: string
}
export interface OutChannelPayload {
  channel_id: string
  topic_ids: string[]
}
export interface TypingPayload {
  topic_id: string
  user: { _id: string; name: string }
}

/**
 * Which of the user's own settings changed: `attention` (do not disturb, working hours, time zone,
 * keyword alerts, the missed-message email, a chat's level or mute), `contacts` (a friend archived
 * or unarchived). The event says only what changed, not the new value: each tab loads it again, so
 * two writes close together cannot leave a tab on the older answer.
 */
export const SETTINGS_AREAS = ['attention', 'contacts'] as const
export type SettingsArea = (typeof SETTINGS_AREAS)[number]
export interface SettingsChangedPayload {
  area: SettingsArea
}

/**
 * Whose do not disturb changed. Like SETTINGS_CHANGED it says only who, not the new state: an open
 * chat with them asks again (GET attention/person, which refuses whoever they blocked).
 */
export interface PersonDndChangedPayload {
  customer_id: string
}

export interface ClientToServerEvents {
  LOGOUT: () => void
  /** The user is typing in a topic they belong to (others in the topic get TYPING). */
  TYPING: (payload: { topic_id: string }) => void
  /** This window gained or lost the user's focus: no browser push while any of the user's windows is focused. */
  FOCUS: (payload: FocusPayload) => void
  /** Enter a call's room (the topic's member) or a meeting (`token`: its room token). */
  ROOM_JOIN: (payload: { room_id: string; token?: string; audio: boolean; video: boolean }, ack: (answer: RoomJoinAck) => void) => void
  ROOM_LEAVE: (payload: { room_id: string }) => void
  /** Relayed to `peer` only when both are in the room. */
  ROOM_SIGNAL: (payload: RoomSignal) => void
  ROOM_SFU: (payload: SfuRequest, ack: (answer: SfuAck) => void) => void
  ROOM_STATE: (payload: { room_id: string; audio: boolean; video: boolean; screen: boolean; speaking?: boolean }) => void
  ROOM_CHAT: (payload: { room_id: string; text: string }) => void
  /** The people on this tab's screen: their PRESENCE_CHANGED and STATUS_CHANGED reach it (replaces the last list). */
  PRESENCE_WATCH: (payload: PresenceWatchPayload, ack?: (answer: { watching: string[] }) => void) => void
  /** This tab became active again or has been idle AWAY_AFTER_MS (sent only on those transitions). */
  ACTIVITY: (payload: ActivityPayload) => void
}

/** NEW_REQUEST_CALL. */
export interface NewRequestCallPayload {
  call: Call
  /** The topic's name as the callee sees it (a group's name, or the caller's for a 1:1). */
  topic_name: string
}
/** RESPONSE_CALL. */
export interface ResponseCallPayload {
  call_id: string
  status: Exclude<CallStatus, 'ringing'>
  /** Who answered or declined (a user id); null when the server ended it (missed). */
  by: string | null
}
/** CLOSE_POPUP_CALL. */
export interface ClosePopupCallPayload {
  call_id: string
}

export const userRoom = (userId: string) => `user:${userId}`

/** Every member's sockets join `topic:<id>`; NEW_MESSAGE and friends fan out there (Redis adapter across nodes). */
export const topicRoom = (topicId: string) => `topic:${topicId}`

/** Sockets watching a person's presence and custom status (PRESENCE_WATCH) join `presence:<id>`. */
export const presenceRoom = (userId: string) => `presence:${userId}`
