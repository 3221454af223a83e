import { createFileRoute } from '@tanstack/react-router'
import type { SessionState } from '../../../machines/session'
import type { TopicInfoInput } from '../../../machines/topic-info'
import { useSession } from '../../../services/session'
import { useTopicInfo } from '../../../services/topic-info'
import { TopicInfoPage } from '../../../ui/topic-info/topic-info-page'

export const Route = createFileRoute('/_app/chat/info/$topicId')({ component: InfoRoute })

const meOf = (state: SessionState) => state?.context.user?._id ?? ''

function InfoRoute() {
  const { topicId } = Route.useParams()
  const meId = useSession(meOf)
  return meId ? <TopicInfo key={topicId} topicId={topicId} meId={meId} /> : null
}

function TopicInfo(input: TopicInfoInput) {
  return <TopicInfoPage {...useTopicInfo(input)} />
}
