import type { NotifyAnywayResult, PersonAttention } from '../../../contract/attention'
import type { NewMessagePayload, PersonDndChangedPayload } from '../../../contract/socket'

export type { NotifyAnywayResult, PersonAttention }

export interface DndNoticeInput {
  /** The other person of the 1:1 chat. */
  partnerId: string
  topicId: string
  /** The signed-in user (the sender). */
  meId: string
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
  /** The socket's NEW_MESSAGE, of any chat: one the user sent here may be notified anyway too. */
  | ({ type: 'SOCKET_NEW_MESSAGE' } & NewMessagePayload)
  /** The socket's PERSON_DND_CHANGED, of anyone the user shares a chat with: the partner's asks again. */
  | ({ type: 'PERSON_DND_CHANGED' } & PersonDndChangedPayload)
  /** The socket connected again (or for the first time after the chat opened): a change may have been missed. */
  | { type: 'CONNECTED' }
