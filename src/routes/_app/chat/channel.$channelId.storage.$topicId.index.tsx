import { createFileRoute } from '@tanstack/react-router'
import { useChannelStorage } from '../../../services/channel-storage'
import { StoragePageView } from '../../../ui/storage/storage-page'

export const Route = createFileRoute('/_app/chat/channel/$channelId/storage/$topicId/')({ component: TopicStorage })

function TopicStorage() {
  const { channelId, topicId } = Route.useParams()
  return <StoragePageView {...useChannelStorage({ channelId, topicId, trash: false })} />
}
