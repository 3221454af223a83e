import type { CalendarFeedSnapshot } from './calendar-feed.machine'
import type { CalendarFeedEvent } from './calendar-feed.types'

/** The "Subscribe to your calendar" panel's props and handlers. */
export interface CalendarFeedProps {
  loading: boolean
  failed: boolean
  url: string | null
  /** Copy and Reset link take a click. */
  ready: boolean
  copying: boolean
  /** "Copied" shows. */
  copied: boolean
  /** "Reset link" asks to confirm. */
  confirming: boolean
  resetting: boolean
  /** The link was just made anew. */
  reset: boolean
  error: string | null
  /** The panel was opened: the URL is read the first time. */
  onOpen: () => void
  onRetry: () => void
  onCopy: () => void
  onReset: () => void
  onConfirm: () => void
  onCancel: () => void
}

/** Pure: snapshot and send -> the panel's props and handlers. */
export function connect(snapshot: CalendarFeedSnapshot, send: (event: CalendarFeedEvent) => void): CalendarFeedProps {
  const context = snapshot.context
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    url: context.url,
    ready: snapshot.matches({ ready: 'idle' }) || snapshot.matches({ ready: 'copied' }),
    copying: snapshot.matches({ ready: 'copying' }),
    copied: snapshot.matches({ ready: 'copied' }),
    confirming: snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'resetting' }),
    resetting: snapshot.matches({ ready: 'resetting' }),
    reset: context.reset,
    error: context.error,
    onOpen: () => send({ type: 'OPEN' }),
    onRetry: () => send({ type: 'RETRY' }),
    onCopy: () => send({ type: 'COPY' }),
    onReset: () => send({ type: 'RESET' }),
    onConfirm: () => send({ type: 'CONFIRM' }),
    onCancel: () => send({ type: 'CANCEL' }),
  }
}
