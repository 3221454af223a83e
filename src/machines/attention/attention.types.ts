import type {
  AttentionSettings,
  AttentionSettingsBody,
  DndOption,
  MuteOption,
  NotifyLevel,
  TopicAttention,
} from '../../../contract/attention'
import type { NewMessagePayload, SettingsChangedPayload } from '../../../contract/socket'

export type { AttentionSettings, DndOption, MuteOption, NotifyLevel, TopicAttention }

export interface AttentionInput {
  /** The clock (epoch ms) the first view uses; TICK moves it. */
  now: number
  /** The signed-in user. */
  meId: string
}

/** A browser notification of a new message. */
export interface MessageNotification {
  /** The message's id: one notification per message. */
  tag: string
  title: string
  body: string
}

/** One save: a topic's level or mute, do not disturb now, or the settings form. */
export type AttentionSave =
  | { kind: 'topic'; body: { topic_id: string; level?: NotifyLevel; mute?: MuteOption } }
  | { kind: 'dnd'; body: { for: DndOption } }
  | { kind: 'settings'; body: AttentionSettingsBody }

/** What a save answers: the topic's new settings, or all settings. */
export type AttentionSaved = { kind: 'topic'; topic: TopicAttention } | { kind: 'settings'; settings: AttentionSettings }

export interface AttentionContext {
  settings: AttentionSettings | null
  now: number
  meId: string
  /** What is being saved (the control that shows "Saving…"). */
  saving: AttentionSave | null
  /** The last save or load failed (the server's message). */
  error: string | null
  /** Changed elsewhere while this tab was saving: loaded again once the save lands. */
  stale: boolean
}

export type AttentionEvent =
  | { type: 'SET_TOPIC'; topicId: string; level?: NotifyLevel; mute?: MuteOption }
  | { type: 'SET_DND'; for: DndOption }
  | { type: 'SAVE_SETTINGS'; body: AttentionSettingsBody }
  /** The clock moved (the runtime ticks every 30 s): mutes and do not disturb end on their own. */
  | { type: 'TICK'; now: number }
  /** The load failed (Try again), or start over: load them again, showing "Loading…". */
  | { type: 'RELOAD' }
  /** Load them again in the background (raised: the user's settings changed elsewhere, or the socket reconnected). */
  | { type: 'REFRESH' }
  /** The socket's SETTINGS_CHANGED: some of the user's settings changed (in another tab or device). */
  | ({ type: 'SETTINGS_CHANGED' } & SettingsChangedPayload)
  /** The socket connected (again): a change may have been missed. */
  | { type: 'CONNECTED' }
  /** The socket's NEW_MESSAGE, with whether this window has the user's focus. */
  | ({ type: 'SOCKET_NEW_MESSAGE'; focused: boolean } & NewMessagePayload)
