import { useEffect, useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import type { TopicInfo } from '../../../../contract/topic'
import type { SessionState } from '../../../machines/session'
import { topicInfo } from '../../../services/chat'
import { useSession } from '../../../services/session'
import { ChatLoading, ChatUnavailable } from '../../../ui/chat-status'
import { Conversation } from '../../../ui/conversation/conversation'

export const Route = createFileRoute('/_app/chat/$topicId')({ component: TopicPage })

const meOf = (state: SessionState) => state?.context.user?._id ?? ''

function TopicPage() {
  const { topicId } = Route.useParams()
  const meId = useSession(meOf)
  const [topic, setTopic] = useState<TopicInfo | 'failed' | null>(null)
  useEffect(() => {
    setTopic(null)
    topicInfo(topicId).then(setTopic, () => setTopic('failed'))
  }, [topicId])
  if (topic === 'failed') return <ChatUnavailable />
  if (!topic || !meId) return <ChatLoading />
  return <Conversation key={topic._id} topic={topic} meId={meId} />
}
