import { createFileRoute } from '@tanstack/react-router'
import { useChannelStorage } from '../../../services/channel-storage'
import { StoragePageView } from '../../../ui/storage/storage-page'

export const Route = createFileRoute('/_app/chat/channel/$channelId/storage/')({ component: ChannelStorage })

function ChannelStorage() {
  const { channelId } = Route.useParams()
  return <StoragePageView {...useChannelStorage({ channelId, trash: false })} />
}
