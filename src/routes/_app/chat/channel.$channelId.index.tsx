import { createFileRoute, redirect } from '@tanstack/react-router'
import { channelChatTarget } from '../../../services/chat-link'

/** A channel's chat: its General topic when the user belongs to the channel, else the chat list. */
export const Route = createFileRoute('/_app/chat/channel/$channelId/')({
  beforeLoad: async ({ params }) => {
    const topicId = await channelChatTarget(params.channelId)
    throw topicId ? redirect({ to: '/chat/$topicId', params: { topicId }, replace: true }) : redirect({ to: '/chat/default', replace: true })
  },
})
