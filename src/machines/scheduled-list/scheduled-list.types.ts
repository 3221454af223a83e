import type { ScheduledMessage } from '../../../contract/scheduled'
import type { ListReport, PagedList } from '../paged-list'

export type { ScheduledMessage }

export interface ScheduledListInput {
  /** One chat's (its Scheduled panel), or null: every chat's (/chat/scheduled). */
  topicId: string | null
}

export interface ScheduledActionInput {
  action: 'sendNow' | 'cancel'
  id: string
}

export interface ScheduledListContext extends ScheduledListInput {
  /** The waiting and failed ones, soonest first, as their paged list last reported them. */
  list: PagedList<ScheduledMessage>
  acting: ScheduledActionInput | null
  /** Why the last action, or the last later page, failed. */
  error: string | null
}

export type ScheduledListEvent =
  | ListReport<ScheduledMessage>
  | { type: 'RETRY' }
  | { type: 'LOAD_MORE' }
  | { type: 'SEND_NOW'; id: string }
  | { type: 'CANCEL'; id: string }
  /** One of the user's scheduled messages changed (the socket's SCHEDULED_CHANGED, or an edit saved here). */
  | { type: 'CHANGED'; scheduled: ScheduledMessage }
