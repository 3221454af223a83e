import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { TopicInfo } from '../../../../contract/topic'
import type { SessionState } from '../../../machines/session/session.view'
import { loadTopic, useConversation } from '../../../services/conversation'
import { useSession } from '../../../services/session'
import { Conversation } from '../../../ui/conversation/conversation'

export const Route = createFileRoute('/_app/chat/$topicId')({
  loader: ({ params }) => loadTopic(params.topicId),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: LoadingChat,
  errorComponent: ChatUnavailable,
  component: TopicPage,
})

const meOf = (state: SessionState) => state?.context.user?._id ?? ''

function LoadingChat() {
  return (
    <p role="status" className="p-6 text-sm text-slate-500">
      <Trans>Loading chat…</Trans>
    </p>
  )
}

function ChatUnavailable() {
  return (
    <p role="alert" className="p-6 text-sm text-red-700">
      <Trans>This chat is not available.</Trans>
    </p>
  )
}

function TopicPage() {
  const topic = Route.useLoaderData()
  const meId = useSession(meOf)
  if (!meId) return <LoadingChat />
  return <OpenChat key={topic._id} topic={topic} meId={meId} />
}

function OpenChat({ topic, meId }: { topic: TopicInfo; meId: string }) {
  return <Conversation {...useConversation(topic, meId)} />
}
