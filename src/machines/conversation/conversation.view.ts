import type { Message } from '../../../contract/message'
import type { ConversationSnapshot, Typist } from './conversation.machine'

export interface ConversationView {
  status: 'loading' | 'failed' | 'ready'
  messages: Message[]
  loadingOlder: boolean
  hasOlder: boolean
  /** The first message after the one the user had seen (not their own): the unread divider goes before it. */
  firstUnreadId: string | null
  typists: Typist[]
}

/** Pure: snapshot -> what the open chat shows. */
export function conversationView(snapshot: ConversationSnapshot, meId: string): ConversationView {
  const { messages, lastSeenSeq, hasOlder, typists } = snapshot.context
  const history = snapshot.matches({ history: 'loading' }) ? 'loading' : snapshot.matches({ history: 'failed' }) ? 'failed' : 'ready'
  return {
    status: history,
    messages,
    loadingOlder: snapshot.matches({ history: 'loadingOlder' }),
    hasOlder,
    firstUnreadId: messages.find((m) => m.seq > lastSeenSeq && m.sender?._id !== meId)?._id ?? null,
    typists: typists.filter((t) => t._id !== meId),
  }
}
