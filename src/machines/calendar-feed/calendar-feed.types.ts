import type { CalendarFeed } from '../../../contract/calendar'

export type { CalendarFeed }

export interface CalendarFeedContext {
  /** The private feed's URL once read. */
  url: string | null
  /** The link was just made anew (the old one stopped working). */
  reset: boolean
  /** Why the last read, copy or reset failed. */
  error: string | null
}

export type CalendarFeedEvent =
  { type: 'OPEN' } | { type: 'RETRY' } | { type: 'COPY' } | { type: 'RESET' } | { type: 'CONFIRM' } | { type: 'CANCEL' }
