import { createFileRoute } from '@tanstack/react-router'
import type { SessionState } from '../../../machines/session'
import { useSession } from '../../../services/session'
import { TopicInfoPage } from '../../../ui/topic-info/topic-info-page'

export const Route = createFileRoute('/_app/chat/info/$topicId')({ component: InfoRoute })

const meOf = (state: SessionState) => state?.context.user?._id ?? ''

function InfoRoute() {
  const { topicId } = Route.useParams()
  const meId = useSession(meOf)
  return meId ? <TopicInfoPage key={topicId} topicId={topicId} meId={meId} /> : null
}
