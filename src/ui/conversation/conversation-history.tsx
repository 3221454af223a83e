import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import type { Message } from '../../../contract/message'
import type { ConversationProps, MessagePermissions } from '../../machines/conversation'
import type { OutboxProps, PendingMessage } from '../../machines/outbox'
import { MessageList } from './message-list'
import { LoadFailed } from '../load-failed'
import type { MessageActions } from './message-actions'
import type { ReceiptsView } from '../../machines/receipts'

export interface ConversationHistoryProps {
  history: ConversationProps['history']
  typists: ConversationProps['typists']
  pending: PendingMessage[]
  meId: string
  may: MessagePermissions
  actions: MessageActions
  onOpenSheet: ConversationProps['sheet']['onOpen']
  /** The live card of a poll message. */
  poll?: (message: Message) => ReactNode
  /** Read receipts under the messages. */
  readers?: ReceiptsView | null
}

/** The conversation machine's history as the open chat shows it: loading, failed, or the list; then who is typing. */
export function ConversationHistory({
  history,
  typists,
  pending,
  meId,
  may,
  actions,
  onOpenSheet,
  poll,
  readers,
}: ConversationHistoryProps) {
  return (
    <>
      {history.status === 'loading' ? (
        <p role="status" className="flex-1 p-6 text-center text-sm text-slate-500">
          <Trans>Loading messages…</Trans>
        </p>
      ) : history.status === 'failed' ? (
        <LoadFailed onRetry={history.onRetry} className="flex-1 p-6">
          <Trans>Could not load the messages.</Trans>
        </LoadFailed>
      ) : (
        <MessageList
          messages={history.messages}
          pending={pending}
          firstUnreadId={history.firstUnreadId}
          focusedId={history.focusedId}
          continued={history.continued}
          dayStarts={history.dayStarts}
          hasOlder={history.hasOlder}
          loadingOlder={history.loadingOlder}
          meId={meId}
          may={may}
          onLoadOlder={history.onLoadOlder}
          actions={actions}
          onOpenSheet={onOpenSheet}
          poll={poll}
          readers={readers}
        />
      )}
      <p aria-live="polite" className="h-5 shrink-0 px-4 text-xs text-slate-500">
        {typists.length ? <Trans>{typists.map((p) => p.name).join(', ')} is typing…</Trans> : null}
      </p>
    </>
  )
}

/** Messages the server refused (the outbox's `rejected`), each with its reason and a dismiss button. */
export function RejectedNotices({ rejected, onDismiss }: Pick<OutboxProps, 'rejected' | 'onDismiss'>) {
  return rejected.map((r) => (
    <p
      key={r.entry.client_id}
      role="alert"
      className="mx-3 mb-1 flex items-center justify-between rounded bg-red-50 px-3 py-1 text-xs text-red-700"
    >
      <span>
        <Trans>Not sent: {r.reason}</Trans>
      </span>
      <button type="button" onClick={() => onDismiss(r.entry.client_id)} className="font-semibold underline">
        <Trans>Dismiss</Trans>
      </button>
    </p>
  ))
}
