import { Link } from '@tanstack/react-router'
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

/**
 * A chat page whose chat could not be loaded: with a Retry when the page can load it again (a failed
 * load); otherwise (not a member, or removed) a page that says so and leads back to the chats.
 */
export function ChatUnavailable({ onRetry }: { onRetry?: () => void }) {
  if (onRetry)
    return (
      <LoadFailed onRetry={onRetry} className="p-6">
        <p>
          <Trans>This chat is not available.</Trans>
        </p>
      </LoadFailed>
    )
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-12 text-center">
      <h1 className="text-lg font-semibold text-slate-900">
        <Trans>This chat is not available</Trans>
      </h1>
      <p className="text-sm text-slate-600">
        <Trans>You are not a member of this chat, or it no longer exists. To join a group, ask someone in it to add you.</Trans>
      </p>
      <Link
        to="/chat/default"
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Trans>Back to chats</Trans>
      </Link>
    </section>
  )
}
