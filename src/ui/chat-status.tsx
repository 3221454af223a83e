import { Trans } from '@lingui/react/macro'

/** A chat page while its chat loads. */
export function ChatLoading() {
  return (
    <p role="status" className="p-6 text-sm text-slate-500">
      <Trans>Loading chat…</Trans>
    </p>
  )
}

/** A chat page whose chat could not be loaded (not a member, removed, or offline). */
export function ChatUnavailable() {
  return (
    <p role="alert" className="p-6 text-sm text-red-700">
      <Trans>This chat is not available.</Trans>
    </p>
  )
}
