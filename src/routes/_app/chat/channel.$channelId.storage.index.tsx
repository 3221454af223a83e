import { createFileRoute } from '@tanstack/react-router'
import { StoragePageView } from '../../../ui/storage/storage-page'

export const Route = createFileRoute('/_app/chat/channel/$channelId/storage/')({ component: ChannelStorage })

function ChannelStorage() {
  const { channelId } = Route.useParams()
  return <StoragePageView channelId={channelId} trash={false} />
}
