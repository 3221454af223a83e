import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { chatRefusalOf } from '../../../services/chat-refusal'
import { ChatLoading } from '../../../ui/chat-status'
import { ChatRefused } from '../../../ui/chat-refused'

/** /deeplink/customer/{id}: the 1:1 chat with that person. */
export const Route = createFileRoute('/_app/deeplink/customer/$id')({
  loader: async ({ params }) => {
    const { customerTarget } = await import('../../../services/deep-link')
    const { topicId } = await customerTarget(params.id)
    throw redirect({ to: '/chat/$topicId', params: { topicId }, replace: true })
  },
  pendingMs: 0,
  pendingComponent: ChatLoading,
  errorComponent: DeepLinkError,
})

/** The link's person or channel is not there (not-found page), refuses the user, or failed to load (Retry). */
function DeepLinkError({ error }: { error: unknown }) {
  const router = useRouter()
  return <ChatRefused reason={chatRefusalOf(error)} onRetry={() => void router.invalidate()} />
}
