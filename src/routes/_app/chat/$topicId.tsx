import { createFileRoute } from '@tanstack/react-router'
import type { TopicInfo } from '../../../../contract/topic'
import type { SessionState } from '../../../machines/session'
import { useConversation } from '../../../services/conversation'
import { useSession } from '../../../services/session'
import { ChatLoading, ChatUnavailable } from '../../../ui/chat-status'
import { Conversation } from '../../../ui/conversation/conversation'
import { PersonFriendActions } from '../../../ui/friend-status/live'

export const Route = createFileRoute('/_app/chat/$topicId')({
  // The API layer loads with the chat, not with every route's definition (the routes chunk).
  loader: async ({ params }) => (await import('../../../services/conversation')).loadTopic(params.topicId),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: ChatLoading,
  errorComponent: ChatUnavailable,
  component: TopicPage,
})

const meOf = (state: SessionState) => state?.context.user?._id ?? ''

function TopicPage() {
  const topic = Route.useLoaderData()
  const meId = useSession(meOf)
  if (!meId) return <ChatLoading />
  return <OpenChat key={topic._id} topic={topic} meId={meId} />
}

function OpenChat({ topic, meId }: { topic: TopicInfo; meId: string }) {
  const partner = !topic.is_group && topic.partner_id ? { customerId: topic.partner_id, name: topic.name, photoUrl: topic.photo_url, friendStatus: null } : null
  return <Conversation {...useConversation(topic, meId)} headerActions={partner ? <PersonFriendActions key={partner.customerId} input={partner} showBlock={false} /> : null} />
}
