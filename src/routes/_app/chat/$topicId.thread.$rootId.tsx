import { createFileRoute, getRouteApi, useNavigate } from '@tanstack/react-router'
import type { TopicInfo } from '../../../../contract/topic'
import { meIdOf } from '../../../machines/session'
import { useSession } from '../../../services/session'
import { useThread } from '../../../services/thread'
import { ChatLoading } from '../../../ui/chat-status'
import { ThreadView } from '../../../ui/thread/thread-view'

/** ?reply=N opens the thread on that reply (a message search result). */
const searchOf = (search: Record<string, unknown>): { reply?: number } => {
  const reply = Number(search.reply)
  return search.reply !== undefined && Number.isSafeInteger(reply) && reply >= 0 ? { reply } : {}
}

/** A thread of the open chat: a panel beside it from 1024 px, its own page below (../-thread.tsx). */
export const Route = createFileRoute('/_app/chat/$topicId/thread/$rootId')({ validateSearch: searchOf, component: ThreadPage })

const chatRoute = getRouteApi('/_app/chat/$topicId')

function ThreadPage() {
  const topic = chatRoute.useLoaderData()
  const { rootId } = Route.useParams()
  const { reply } = Route.useSearch()
  const meId = useSession(meIdOf)
  if (!meId) return <ChatLoading />
  return <OpenThread key={`${rootId}:${reply ?? ''}`} topic={topic} meId={meId} rootId={rootId} focusSeq={reply ?? null} />
}

function OpenThread({ topic, meId, rootId, focusSeq }: { topic: TopicInfo; meId: string; rootId: string; focusSeq: number | null }) {
  const navigate = useNavigate()
  return (
    <div className="flex min-h-0 w-full min-w-0 flex-col lg:w-[26rem] lg:shrink-0 lg:border-l lg:border-slate-200">
      <ThreadView
        {...useThread(topic, meId, rootId, focusSeq)}
        chatName={topic.name}
        onClose={() => void navigate({ to: '/chat/$topicId', params: { topicId: topic._id } })}
      />
    </div>
  )
}
