import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { ChatRefused } from '../../ui/chat-refused'
import { chatRefusalOf } from '../../services/chat-refusal'

/** /{workid} opens the 1:1 chat with that person; a segment that is no one's workid (a typo) is the not-found page. */
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
  errorComponent: WorkidError,
})

function WorkidError({ error }: { error: unknown }) {
  const router = useRouter()
  return <ChatRefused reason={chatRefusalOf(error)} onRetry={() => void router.invalidate()} />
}
