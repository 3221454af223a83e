import type { StorageChannelUsage, StorageSummary } from '../../../contract/pages'

export type { StorageChannelUsage, StorageSummary }

export interface AccountStorageContext {
  summary: StorageSummary | null
}

export type AccountStorageEvent = { type: 'RETRY' }
