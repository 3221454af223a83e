import type { MediaIdBody, StoragePage, StoredFile } from '../../../contract/media'

export type { StoragePage, StoredFile }

/** Which files: a channel's (all its chats the user is in) or one chat's; the files or the trash. */
export interface StorageScope {
  channelId: string
  topicId?: string
  trash: boolean
}

export type FileAction = 'trash' | 'restore' | 'purge'

export interface ChannelStorageContext {
  scope: StorageScope
  files: StoredFile[]
  usage: Pick<StoragePage, 'used' | 'quota'> | null
  /** Pages loaded so far. */
  pages: number
  /** The last page was full: there may be more. */
  more: boolean
  /** The file action being carried out. */
  acting: { action: FileAction; mediaId: MediaIdBody['media_id'] } | null
  error: string | null
}

export type StoragePageInput = StorageScope & { page: number }
export type FileActionInput = NonNullable<ChannelStorageContext['acting']>

export type ChannelStorageEvent =
  /** The route's params changed (another chat, or its trash). */
  | { type: 'OPEN'; scope: StorageScope }
  | { type: 'RETRY' }
  | { type: 'LOAD_MORE' }
  | { type: 'TRASH'; mediaId: string }
  | { type: 'RESTORE'; mediaId: string }
  | { type: 'PURGE'; mediaId: string }
