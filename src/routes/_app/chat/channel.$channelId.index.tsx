import { createFileRoute, redirect } from '@tanstack/react-router'

/** A channel's chat: its General topic when the user belongs to the channel, else the chat list. */
export const Route = createFileRoute('/_app/chat/channel/$channelId/')({
  beforeLoad: async ({ params }) => {
    // Loaded on demand: the route definitions chunk stays free of the HTTP client.
    const { channelChatTarget } = await import('../../../services/chat-link')
    const topicId = await channelChatTarget(params.channelId)
    throw topicId
      ? redirect({ to: '/chat/$topicId', params: { topicId }, replace: true })
      : redirect({ to: '/chat/default', replace: true })
  },
})
