import type { AccountStorageSnapshot } from './account-storage.machine'
import type { AccountStorageEvent, StorageChannelUsage } from './account-storage.types'

export interface AccountStorageProps {
  status: 'loading' | 'failed' | 'loaded' | 'empty'
  /** Bytes used and allowed (the plan's quota), once loaded. */
  usage: { used: number; quota: number; plan: string } | null
  /** Share of the quota used, 0..100 (rounded down; some use shows at least 1). */
  percent: number
  channels: StorageChannelUsage[]
  onRetry: () => void
}

/** Pure: the storage page's props. */
export function connect(snapshot: AccountStorageSnapshot, send: (event: AccountStorageEvent) => void): AccountStorageProps {
  const { summary } = snapshot.context
  const status = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('empty')
        ? 'empty'
        : 'loaded'
  const percent =
    summary && summary.quota > 0 ? Math.min(100, summary.used > 0 ? Math.max(1, Math.floor((summary.used * 100) / summary.quota)) : 0) : 0
  return {
    status,
    usage: summary ? { used: summary.used, quota: summary.quota, plan: summary.plan } : null,
    percent,
    channels: summary?.channels ?? [],
    onRetry: () => send({ type: 'RETRY' }),
  }
}
