import { QUICK_REACTIONS, type ReactionSummary } from '../../../contract/reaction'
import type { Message } from '../../../contract/message'
import { isMine, shownReactions, type ReactionsSnapshot } from './reactions.machine'
import type { CustomEmoji, ReactionsEvent } from './reactions.types'

/** One emoji of a message's reaction bar. */
export interface ReactionChip {
  emoji: string
  /** A custom emoji's image, else null (the emoji is text). */
  imageUrl: string | null
  count: number
  /** I reacted with it. */
  mine: boolean
  /** The names of the people the summary names (the first ones), in the order they reacted. */
  names: string[]
  /** People beyond `names` (the summary names only the first few). */
  others: number
  onToggle: () => void
  /** A long press (touch): who reacted, from the server. */
  onShowWho: () => void
}

/** A message's reaction bar: its emoji (none: no bar) and the button that opens the picker. */
export interface ReactionBarProps {
  messageId: string
  chips: ReactionChip[]
  onAddReaction: () => void
}

/** The quick reactions of a message's actions menu or sheet, and the way to the full picker. */
export interface QuickReactionsProps {
  emoji: { emoji: string; mine: boolean; onReact: () => void }[]
  onMore: () => void
}

export interface ReactionPickerProps {
  /** The picker is open for a message. */
  open: boolean
  /** The chat's custom emoji are being loaded. */
  loadingCustom: boolean
  custom: CustomEmoji[]
  onPick: (emoji: string) => void
  onClose: () => void
}

export interface WhoReactedProps {
  status: 'closed' | 'loading' | 'shown' | 'failed'
  groups: { emoji: string; imageUrl: string | null; count: number; names: string[] }[]
  onClose: () => void
}

export interface ReactionsProps {
  bar: (message: Message) => ReactionBarProps
  quick: (message: Message) => QuickReactionsProps
  picker: ReactionPickerProps
  who: WhoReactedProps
  /** The last change was refused or failed (its message shows the server's reactions again). */
  failed: boolean
  onDismissError: () => void
}

/** What the chat tells the reactions' view: its members' names, and a message's reactions as the chat shows it now. */
export interface ReactionsChat {
  names: ReadonlyMap<string, string>
  reactionsOf: (messageId: string) => ReactionSummary[]
}

/** Pure: snapshot, send and the chat -> the reaction bar's, picker's and "who reacted" props. */
export function connect(
  snapshot: ReactionsSnapshot,
  send: (event: ReactionsEvent) => void,
  { names, reactionsOf }: ReactionsChat,
): ReactionsProps {
  const { context } = snapshot
  const pickerOpen = !snapshot.matches({ picker: 'closed' })
  const pickerMessage = context.pickerFor
  return {
    bar: (message) => {
      const current = message.reactions
      const shown = shownReactions(context, message._id, current)
      return {
        messageId: message._id,
        chips: shown.map((r) => {
          const known = r.user_ids.flatMap((id) => names.get(id) ?? [])
          return {
            emoji: r.emoji,
            imageUrl: r.image_url,
            count: r.count,
            mine: r.user_ids.includes(context.meId),
            names: known,
            others: Math.max(0, r.count - known.length),
            onToggle: () => send({ type: 'TOGGLE', messageId: message._id, emoji: r.emoji, current }),
            onShowWho: () => send({ type: 'SHOW_WHO', messageId: message._id }),
          }
        }),
        onAddReaction: () => send({ type: 'OPEN_PICKER', messageId: message._id }),
      }
    },
    quick: (message) => {
      const current = message.reactions
      const shown = shownReactions(context, message._id, current)
      return {
        emoji: QUICK_REACTIONS.map((emoji) => ({
          emoji,
          mine: isMine(shown, emoji, context.meId),
          onReact: () => send({ type: 'REACT', messageId: message._id, emoji, current }),
        })),
        onMore: () => send({ type: 'OPEN_PICKER', messageId: message._id }),
      }
    },
    picker: {
      open: pickerOpen,
      loadingCustom: snapshot.matches({ picker: 'loading' }),
      custom: context.custom,
      onPick: (emoji) => {
        if (pickerMessage === null) return
        send({ type: 'REACT', messageId: pickerMessage, emoji, current: reactionsOf(pickerMessage) })
      },
      onClose: () => send({ type: 'CLOSE_PICKER' }),
    },
    who: {
      status: snapshot.matches({ who: 'loading' })
        ? 'loading'
        : snapshot.matches({ who: 'shown' })
          ? 'shown'
          : snapshot.matches({ who: 'failed' })
            ? 'failed'
            : 'closed',
      groups: context.who.map((g) => ({ emoji: g.emoji, imageUrl: g.image_url, count: g.count, names: g.users.map((u) => u.name) })),
      onClose: () => send({ type: 'CLOSE_WHO' }),
    },
    failed: context.failed,
    onDismissError: () => send({ type: 'DISMISS_ERROR' }),
  }
}
