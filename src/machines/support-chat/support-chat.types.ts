import type { TopicInfo } from '../../../contract/topic'

export type { TopicInfo }

export interface SupportChatContext {
  /** The support desk's chat with the user, once opened (kept while the drawer is closed). */
  topic: TopicInfo | null
  error: string | null
}

export type SupportChatEvent = { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'RETRY' }
