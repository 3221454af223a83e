import { createFileRoute, redirect } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { openChatWith } from '../../services/conversation'

/** /{workid} opens the 1:1 chat with that person. */
export const Route = createFileRoute('/_app/$workid')({
  loader: async ({ params }) => {
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
