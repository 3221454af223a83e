import type { MediaIdBody, StoragePage, StoredFile } from '../../../contract/media'
import type { ListReport, PagedList } from '../paged-list'

export type { StoragePage, StoredFile }

/** Which files: a channel's (all its chats the user is in) or one chat's; the files or the trash. */
export interface StorageScope {
  channelId: string
  topicId?: string
  trash: boolean
}

export type FileAction = 'trash' | 'restore' | 'purge'

/** The storage used, as page 1 of the files says it. */
export type StorageUsage = Pick<StoragePage, 'used' | 'quota'>

export interface ChannelStorageContext {
  scope: StorageScope
  /** The scope's files, as its paged list last reported them (GET media/storage, with the usage). */
  list: PagedList<StoredFile, StorageUsage>
  /** The file action being carried out. */
  acting: { action: FileAction; mediaId: MediaIdBody['media_id'] } | null
  /** Why the last action, a later page or the refresh failed. */
  error: string | null
}

export type StoragePageInput = StorageScope & { page: number }
export type FileActionInput = NonNullable<ChannelStorageContext['acting']>

export type ChannelStorageEvent =
  | ListReport<StoredFile, StorageUsage>
  /** The route's params changed (another chat, or its trash). */
  | { type: 'OPEN'; scope: StorageScope }
  | { type: 'RETRY' }
  | { type: 'LOAD_MORE' }
  | { type: 'TRASH'; mediaId: string }
  | { type: 'RESTORE'; mediaId: string }
  | { type: 'PURGE'; mediaId: string }
