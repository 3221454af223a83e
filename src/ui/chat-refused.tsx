import { Trans } from '@lingui/react/macro'
import { ChatUnavailable } from './chat-status'
import { NotFound } from './not-found'

/** Why a person's chat did not open: no such person (the not-found page), they take chats from friends only, or it failed. */
export function ChatRefused({ reason, onRetry }: { reason: 'notFound' | 'refused' | 'failed'; onRetry?: () => void }) {
  if (reason === 'notFound') return <NotFound />
  if (reason === 'refused')
    return (
      <p role="alert" className="p-6 text-sm text-red-700">
        <Trans>This person only takes messages from friends.</Trans>
      </p>
    )
  return <ChatUnavailable onRetry={onRetry} />
}
