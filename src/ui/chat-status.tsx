import { Trans } from '@lingui/react/macro'
import { LoadFailed } from './load-failed'

/** A chat page while its chat loads. */
export function ChatLoading() {
  return (
    <p role="status" className="p-6 text-sm text-slate-500">
      <Trans>Loading chat…</Trans>
    </p>
  )
}

/** A chat page whose chat could not be loaded (not a member, removed, or offline); with a Retry when the page can load it again. */
export function ChatUnavailable({ onRetry }: { onRetry?: () => void }) {
  const text = <Trans>This chat is not available.</Trans>
  if (onRetry)
    return (
      <LoadFailed onRetry={onRetry} className="p-6">
        <p>{text}</p>
      </LoadFailed>
    )
  return (
    <p role="alert" className="p-6 text-sm text-red-700">
      {text}
    </p>
  )
}
