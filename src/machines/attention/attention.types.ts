import type {
  AttentionSettings,
  AttentionSettingsBody,
  DndOption,
  MuteOption,
  NotifyLevel,
  TopicAttention,
} from '../../../contract/attention'

export type { AttentionSettings, DndOption, MuteOption, NotifyLevel, TopicAttention }

export interface AttentionInput {
  /** The clock (epoch ms) the first view uses; TICK moves it. */
  now: number
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
  /** The user's other tab or device changed them (socket SETTINGS_CHANGED attention): load them again in the background. */
  | { type: 'REFRESH' }
