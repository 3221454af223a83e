import type { CustomEmoji, MessageReactions, ReactionPeople, ReactionSummary } from '../../../contract/reaction'

export type { CustomEmoji, MessageReactions, ReactionPeople, ReactionSummary }

export interface ReactionsInput {
  /** The open chat. */
  topicId: string
  /** The signed-in user. */
  meId: string
}

/** One of the user's own changes, on its way to the server. */
export interface ReactionChange {
  messageId: string
  emoji: string
  /** true: reaction/add; false: reaction/remove. */
  add: boolean
}

export interface ReactionsContext extends ReactionsInput {
  /**
   * The reactions shown while the user's own changes are on their way, by message: what the
   * message will show once the server agrees. A message without an entry shows its own.
   */
  optimistic: Record<string, ReactionSummary[]>
  /** The user's changes not answered yet, oldest first: one goes at a time. */
  queue: ReactionChange[]
  /** The last change was refused or failed (its message shows the server's reactions again). */
  failed: boolean
  /** The message whose emoji picker is open. */
  pickerFor: string | null
  /** The chat's channel's custom emoji (loaded when the picker first opens). */
  custom: CustomEmoji[]
  customLoaded: boolean
  /** The message whose "who reacted" list is asked for or shown, and the list. */
  whoFor: string | null
  who: ReactionPeople[]
}

export type ReactionsEvent =
  /** Click or tap on an emoji of a message's reaction bar: mine goes if it is there, else comes. `current`: the message's reactions as the chat shows them. */
  | { type: 'TOGGLE'; messageId: string; emoji: string; current: ReactionSummary[] }
  /** A quick reaction of the message's menu, or an emoji of the picker: mine comes (already there: nothing changes). */
  | { type: 'REACT'; messageId: string; emoji: string; current: ReactionSummary[] }
  | { type: 'OPEN_PICKER'; messageId: string }
  | { type: 'CLOSE_PICKER' }
  /** A long press on a reaction (touch) or its "who reacted" entry: the names, from the server. */
  | { type: 'SHOW_WHO'; messageId: string }
  | { type: 'CLOSE_WHO' }
  /** The socket's MESSAGE_REACTED (of any chat): an open "who reacted" list of that message is read again. */
  | ({ type: 'SOCKET_REACTED' } & MessageReactions)
  | { type: 'DISMISS_ERROR' }
  /** The socket's CUSTOM_EMOJI_CHANGED of this chat's channel: an admin added or deleted one. */
  | { type: 'CUSTOM_CHANGED' }

/** What the machine emits when the server answered a change: the conversation merges it (as it merges the socket's MESSAGE_REACTED). */
export type ReactionsEmitted = { type: 'reacted' } & MessageReactions
