import { createFileRoute, redirect } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'

/** /{workid} opens the 1:1 chat with that person. */
export const Route = createFileRoute('/_app/$workid')({
  // The API layer loads with the first chat, not with every route's definition (the routes chunk).
  loader: async ({ params }) => {
    const { openChatWith } = await import('../../services/conversation')
    const { topicId } = await openChatWith(params.workid)
    throw redirect({ to: '/chat/$topicId', params: { topicId }, replace: true })
  },
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: () => (
    <p role="status" className="p-6 text-sm text-slate-500">
      <Trans>Opening the chat…</Trans>
    </p>
  ),
  errorComponent: () => (
    <p role="alert" className="p-6 text-sm text-red-700">
      <Trans>No one with this Work ID can be reached.</Trans>
    </p>
  ),
})
