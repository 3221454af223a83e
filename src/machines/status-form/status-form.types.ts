import type { CustomStatus } from '../../../contract/presence'

/** When a status clears itself: after 30 minutes, 1 hour, 4 hours, at the end of today or this week, at the end of a date, or never. */
export const STATUS_EXPIRIES = ['30m', '1h', '4h', 'today', 'week', 'date', 'never'] as const
export type StatusExpiry = (typeof STATUS_EXPIRIES)[number]

export interface StatusFormInput {
  /** The status the user has now, if any: the form starts from it and offers Clear. */
  current: CustomStatus | null
}

export interface StatusFormContext {
  emoji: string
  text: string
  expiry: StatusExpiry
  /** YYYY-MM-DD, for `date`. */
  date: string
  current: CustomStatus | null
  /** The server's message after a failed save or clear. */
  error: string | null
}

/** What the app's saveStatus turns into POST status/set (the expiry into a time, in the user's zone). */
export interface SaveStatusInput {
  emoji: string
  text: string
  expiry: StatusExpiry
  date: string
}

export type StatusFormEvent =
  | { type: 'EMOJI'; value: string }
  | { type: 'TEXT'; value: string }
  | { type: 'EXPIRY'; value: StatusExpiry }
  | { type: 'DATE'; value: string }
  /** A suggestion: its emoji and words at once. */
  | { type: 'PRESET'; emoji: string; text: string }
  | { type: 'SAVE' }
  | { type: 'CLEAR' }
