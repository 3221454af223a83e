import { createFileRoute, redirect } from '@tanstack/react-router'

/** /deeplink/topic/{id}: the chat (its page says when the user is not in it). */
export const Route = createFileRoute('/_app/deeplink/topic/$id')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/chat/$topicId', params: { topicId: params.id }, replace: true })
  },
})
