import { createFileRoute } from '@tanstack/react-router'
import { useCustomEmoji } from '../../../services/custom-emoji'
import { CustomEmojiPageView } from '../../../ui/channel/custom-emoji-page'

export const Route = createFileRoute('/_app/chat/channel/$channelId/emoji')({ component: ChannelEmoji })

function ChannelEmoji() {
  const { channelId } = Route.useParams()
  return <CustomEmojiPageView {...useCustomEmoji(channelId)} />
}
