import type { NotifyAnywayResult, PersonAttention } from '../../../contract/attention'

export type { NotifyAnywayResult, PersonAttention }

export interface DndNoticeInput {
  /** The other person of the 1:1 chat. */
  partnerId: string
  topicId: string
}

export interface DndNoticeContext extends DndNoticeInput {
  /** Their do not disturb turned on by hand ends then (ISO); null when only their working hours apply. */
  until: string | null
  /** How many people the last "notify anyway" reached. */
  notified: number | null
  error: string | null
}

export type DndNoticeEvent =
  | { type: 'NOTIFY' }
  /** Look again (every minute, and when the chat opens). */
  | { type: 'RECHECK' }
  /** The user sent another message: it may be notified anyway too. */
  | { type: 'MESSAGE_SENT' }
