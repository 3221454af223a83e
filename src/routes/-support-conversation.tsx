import type { TopicInfo } from '../../contract/topic'
import { useConversation } from '../services/conversation'
import { Conversation } from '../ui/conversation/conversation'

/** The support desk's chat in the support drawer: the same conversation as any chat page (loaded with the chat code, when first opened). */
export default function SupportConversation({ topic, meId }: { topic: TopicInfo; meId: string }) {
  return <Conversation {...useConversation(topic, meId)} />
}
