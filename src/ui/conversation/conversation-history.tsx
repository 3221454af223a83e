import { Trans } from '@lingui/react/macro'
import type { ConversationView } from '../../machines/conversation'
import type { OutboxView, PendingMessage } from '../../machines/outbox'
import { MessageList } from './message-list'
import { LoadFailed } from '../load-failed'
import type { MessageActions, MessagePermissions } from './message-row'

export interface ConversationHistoryProps {
  view: ConversationView
  pending: PendingMessage[]
  meId: string
  may: MessagePermissions
  actions: MessageActions
  onRetry: () => void
  onLoadOlder: () => void
}

/** The conversation machine's history as the open chat shows it: loading, failed, or the list; then who is typing. */
export function ConversationHistory({ view, pending, meId, may, actions, onRetry, onLoadOlder }: ConversationHistoryProps) {
  return (
    <>
      {view.status === 'loading' ? (
        <p role="status" className="flex-1 p-6 text-center text-sm text-slate-500">
          <Trans>Loading messages…</Trans>
        </p>
      ) : view.status === 'failed' ? (
        <LoadFailed onRetry={onRetry} className="flex-1 p-6">
          <Trans>Could not load the messages.</Trans>
        </LoadFailed>
      ) : (
        <MessageList
          messages={view.messages}
          pending={pending}
          firstUnreadId={view.firstUnreadId}
          hasOlder={view.hasOlder}
          loadingOlder={view.loadingOlder}
          meId={meId}
          may={may}
          onLoadOlder={onLoadOlder}
          actions={actions}
        />
      )}
      <p aria-live="polite" className="h-5 shrink-0 px-4 text-xs text-slate-500">
        {view.typists.length ? <Trans>{view.typists.map((p) => p.name).join(', ')} is typing…</Trans> : null}
      </p>
    </>
  )
}

/** Messages the server refused (the outbox's `rejected`), each with its reason and a dismiss button. */
export function RejectedNotices({ rejected, onDismiss }: { rejected: OutboxView['rejected']; onDismiss: (clientId: string) => void }) {
  return rejected.map((r) => (
    <p key={r.entry.client_id} role="alert" className="mx-3 mb-1 flex items-center justify-between rounded bg-red-50 px-3 py-1 text-xs text-red-700">
      <span>
        <Trans>Not sent: {r.reason}</Trans>
      </span>
      <button type="button" onClick={() => onDismiss(r.entry.client_id)} className="font-semibold underline">
        <Trans>Dismiss</Trans>
      </button>
    </p>
  ))
}
