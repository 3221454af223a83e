export {
  isMine,
  reactionsMachine,
  reactionsSampleInput,
  shownReactions,
  withMine,
  type ReactionsActor,
  type ReactionsMachine,
  type ReactionsSnapshot,
} from './reactions.machine'
export {
  connect,
  type QuickReactionsProps,
  type ReactionBarProps,
  type ReactionChip,
  type ReactionPickerProps,
  type ReactionsChat,
  type ReactionsProps,
  type WhoReactedProps,
} from './reactions.connect'
export type {
  CustomEmoji,
  ReactionChange,
  ReactionsContext,
  ReactionsEmitted,
  ReactionsEvent,
  ReactionsInput,
  ReactionSummary,
} from './reactions.types'
