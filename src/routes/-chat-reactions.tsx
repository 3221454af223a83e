import type { ReactNode } from 'react'
import type { Message } from '../../contract/message'
import type { MessageReactions } from '../../contract/reaction'
import type { TopicInfo } from '../../contract/topic'
import type { QuickReactionsProps } from '../machines/reactions'
import { useReactions } from '../services/reactions'
import { ReactionBar, ReactionFailedNotice, ReactionPickerDialog, WhoReactedSheet } from '../ui/conversation/reaction-bar'

/**
 * Reactions in an open chat, for the Conversation view: `reactions` renders a message's reaction
 * bar, `quickReactions` the quick reactions of its menu and sheet, `panels` the emoji picker, the
 * "who reacted" sheet and the notice of a reaction not saved (one reactions machine for the chat).
 */
export function useChatReactions(
  topic: TopicInfo,
  meId: string,
  messages: readonly Message[],
  onReacted: (answer: MessageReactions) => void,
): { reactions: (message: Message) => ReactNode; quickReactions: (message: Message) => QuickReactionsProps; panels: ReactNode } {
  const props = useReactions(topic, meId, messages, onReacted)
  return {
    reactions: (message) => <ReactionBar {...props.bar(message)} />,
    quickReactions: props.quick,
    panels: (
      <>
        <ReactionPickerDialog {...props.picker} />
        <WhoReactedSheet {...props.who} />
        {props.failed ? <ReactionFailedNotice onDismiss={props.onDismissError} /> : null}
      </>
    ),
  }
}
