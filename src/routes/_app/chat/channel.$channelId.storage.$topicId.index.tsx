import { createFileRoute } from '@tanstack/react-router'
import { StoragePageView } from '../../../ui/storage/storage-page'

export const Route = createFileRoute('/_app/chat/channel/$channelId/storage/$topicId/')({ component: TopicStorage })

function TopicStorage() {
  const { channelId, topicId } = Route.useParams()
  return <StoragePageView channelId={channelId} topicId={topicId} trash={false} />
}
