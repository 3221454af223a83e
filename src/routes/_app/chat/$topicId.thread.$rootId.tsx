import { createFileRoute, getRouteApi, useNavigate } from '@tanstack/react-router'
import type { TopicInfo } from '../../../../contract/topic'
import { meIdOf } from '../../../machines/session'
import { useSession } from '../../../services/session'
import { useThread } from '../../../services/thread'
import { ChatLoading } from '../../../ui/chat-status'
import { ThreadView } from '../../../ui/thread/thread-view'

/** A thread of the open chat: a panel beside it from 1024 px, its own page below (../-thread.tsx). */
export const Route = createFileRoute('/_app/chat/$topicId/thread/$rootId')({ component: ThreadPage })

const chatRoute = getRouteApi('/_app/chat/$topicId')

function ThreadPage() {
  const topic = chatRoute.useLoaderData()
  const { rootId } = Route.useParams()
  const meId = useSession(meIdOf)
  if (!meId) return <ChatLoading />
  return <OpenThread key={rootId} topic={topic} meId={meId} rootId={rootId} />
}

function OpenThread({ topic, meId, rootId }: { topic: TopicInfo; meId: string; rootId: string }) {
  const navigate = useNavigate()
  return (
    <div className="flex min-h-0 w-full min-w-0 flex-col lg:w-[26rem] lg:shrink-0 lg:border-l lg:border-slate-200">
      <ThreadView
        {...useThread(topic, meId, rootId)}
        chatName={topic.name}
        onClose={() => void navigate({ to: '/chat/$topicId', params: { topicId: topic._id } })}
      />
    </div>
  )
}
