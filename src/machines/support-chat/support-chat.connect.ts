import type { SupportChatSnapshot } from './support-chat.machine'
import type { SupportChatEvent, TopicInfo } from './support-chat.types'

export interface SupportChatProps {
  open: boolean
  status: 'closed' | 'opening' | 'open' | 'failed'
  /** The chat to show while open. */
  topic: TopicInfo | null
  error: string | null
  onOpen: () => void
  onClose: () => void
  onRetry: () => void
}

/** Pure: the support drawer's props and handlers. */
export function connect(snapshot: SupportChatSnapshot, send: (event: SupportChatEvent) => void): SupportChatProps {
  const status = snapshot.matches('opening')
    ? 'opening'
    : snapshot.matches('open')
      ? 'open'
      : snapshot.matches('failed')
        ? 'failed'
        : 'closed'
  return {
    open: status !== 'closed',
    status,
    topic: status === 'open' ? snapshot.context.topic : null,
    error: status === 'failed' ? snapshot.context.error : null,
    onOpen: () => send({ type: 'OPEN' }),
    onClose: () => send({ type: 'CLOSE' }),
    onRetry: () => send({ type: 'RETRY' }),
  }
}
