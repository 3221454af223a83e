import { useEffect, useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { TopicInfo } from '../../../../contract/topic'
import type { SessionState } from '../../../machines/session'
import { topicInfo } from '../../../services/chat'
import { useSession } from '../../../services/session'
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
  if (topic === 'failed')
    return (
      <p role="alert" className="p-6 text-sm text-red-700">
        <Trans>This chat is not available.</Trans>
      </p>
    )
  if (!topic || !meId)
    return (
      <p role="status" className="p-6 text-sm text-slate-500">
        <Trans>Loading chat…</Trans>
      </p>
    )
  return <Conversation key={topic._id} topic={topic} meId={meId} />
}
