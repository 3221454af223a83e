import type { UnsubscribeSnapshot } from './unsubscribe.machine'
import type { UnsubscribeEvent } from './unsubscribe.types'

export interface UnsubscribeProps {
  status: 'invalid' | 'ready' | 'sending' | 'failed' | 'done'
  error: string | null
  onConfirm: () => void
}

/** Pure: snapshot and send -> the unsubscribe page's props. */
export function connect(snapshot: UnsubscribeSnapshot, send: (event: UnsubscribeEvent) => void): UnsubscribeProps {
  const status = (['invalid', 'sending', 'failed', 'done'] as const).find((s) => snapshot.matches(s)) ?? 'ready'
  return { status, error: snapshot.context.error, onConfirm: () => send({ type: 'CONFIRM' }) }
}
