import { createFileRoute } from '@tanstack/react-router'
import type { TopicInfo } from '../../../../contract/topic'
import type { SessionState } from '../../../machines/session'
import { useAttention, useDndNotice } from '../../../services/attention'
import { useConversation } from '../../../services/conversation'
import { useSession } from '../../../services/session'
import { ChatLoading, ChatUnavailable } from '../../../ui/chat-status'
import { DndNotice } from '../../../ui/attention/dnd-notice'
import { TopicBell } from '../../../ui/attention/topic-bell'
import { Conversation } from '../../../ui/conversation/conversation'

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
  const attention = useAttention()
  const partner = !topic.is_group ? topic.customers.find((c) => c._id !== meId) : undefined
  return (
    <Conversation
      {...useConversation(topic, meId)}
      bell={attention ? <TopicBell {...attention.bell(topic._id)} /> : null}
      notice={partner ? <PartnerDnd topicId={topic._id} partnerId={partner._id} name={partner.name} meId={meId} /> : null}
    />
  )
}

/** The 1:1 chat's do-not-disturb hint with "notify anyway". */
function PartnerDnd({ topicId, partnerId, name, meId }: { topicId: string; partnerId: string; name: string; meId: string }) {
  return <DndNotice {...useDndNotice(topicId, partnerId, meId)} name={name} />
}
