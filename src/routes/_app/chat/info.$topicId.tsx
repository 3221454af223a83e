import { createFileRoute } from '@tanstack/react-router'
import { meIdOf } from '../../../machines/session'
import type { TopicInfoInput } from '../../../machines/topic-info'
import { useSession } from '../../../services/session'
import { useTopicInfo } from '../../../services/topic-info'
import { TopicInfoPage } from '../../../ui/topic-info/topic-info-page'

export const Route = createFileRoute('/_app/chat/info/$topicId')({ component: InfoRoute })

function InfoRoute() {
  const { topicId } = Route.useParams()
  const meId = useSession(meIdOf)
  return meId ? <TopicInfo key={topicId} topicId={topicId} meId={meId} /> : null
}

function TopicInfo(input: TopicInfoInput) {
  return <TopicInfoPage {...useTopicInfo(input)} />
}
