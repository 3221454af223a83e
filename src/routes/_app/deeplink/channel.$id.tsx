import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { chatRefusalOf } from '../../../services/chat-refusal'
import { ChatLoading } from '../../../ui/chat-status'
import { ChatRefused } from '../../../ui/chat-refused'

/** /deeplink/channel/{id}: a member's channel opens in the chats; anyone else sees its public page. */
export const Route = createFileRoute('/_app/deeplink/channel/$id')({
  loader: async ({ params }) => {
    const { channelTarget } = await import('../../../services/deep-link')
    if ((await channelTarget(params.id)) === 'chats') throw redirect({ to: '/chat', replace: true })
    throw redirect({ to: '/channel/$channelId', params: { channelId: params.id }, replace: true })
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
