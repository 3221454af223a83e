import type { SchedulePreset } from '../../../contract/later-times'
import type { ScheduledMessage } from '../../../contract/scheduled'

export type { SchedulePreset }

export interface ScheduledFormInput {
  /** The reader's IANA time zone: the presets and the date and time fields are in it. */
  timeZone: string
  /** The clock (epoch ms): the presets and the checks read it. */
  now: () => number
}

/** A scheduled message to change (from a Scheduled list). */
export interface ScheduledDraft {
  _id: string
  topic_id: string
  message: string
  send_at: string
}

/** What the save gets: a new one (create) or a change of one (edit). */
export interface SaveScheduledInput {
  mode: 'create' | 'edit'
  topicId: string
  scheduledId: string | null
  text: string
  /** ISO instant. */
  sendAt: string
}

/** Why the chosen time or text cannot be saved (the view words it). */
export type ScheduledFieldError = 'invalid' | 'past' | 'tooFar' | 'empty'

export interface ScheduledFormContext extends ScheduledFormInput {
  mode: 'create' | 'edit'
  topicId: string | null
  scheduledId: string | null
  text: string
  /** YYYY-MM-DD and HH:mm in the reader's zone. */
  date: string
  time: string
  /** The instant being saved. */
  sendAt: string | null
  fieldError: ScheduledFieldError | null
  /** Why the last save failed (the server's words). */
  error: string | null
  /** What the last save made or changed (the view says when it goes), until dismissed or the form opens again. */
  lastSaved: SavedScheduled | null
}

export type ScheduledFormEvent =
  /** "Schedule message" beside Send: the draft's text, for the chat. */
  | { type: 'OPEN_MENU'; topicId: string; text: string }
  | { type: 'PRESET'; preset: SchedulePreset }
  /** "Custom time…". */
  | { type: 'CUSTOM' }
  /** "Edit" of a waiting one. */
  | { type: 'EDIT'; item: ScheduledDraft }
  | { type: 'TEXT'; value: string }
  | { type: 'DATE'; value: string }
  | { type: 'TIME'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' }
  /** The note about the last save goes. */
  | { type: 'DISMISS' }

export type SavedScheduled = ScheduledMessage
