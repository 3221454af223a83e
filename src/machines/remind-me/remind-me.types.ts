import type { RemindPreset } from '../../../contract/later-times'

export type { RemindPreset }

/** The message a reminder is about. */
export interface RemindTarget {
  messageId: string
  topicId: string
  /** The message's words (the reminder's title). */
  title: string
}

/** What creating one answers: the new reminder and when it fires. */
export interface CreatedReminder {
  _id: string
  start: string
}

export interface CreateReminderInput {
  target: RemindTarget
  preset: RemindPreset
}

export interface RemindMeContext {
  target: RemindTarget | null
  /** The preset being created. */
  preset: RemindPreset | null
  created: CreatedReminder | null
  error: string | null
}

export type RemindMeEvent =
  | { type: 'OPEN'; target: RemindTarget }
  | { type: 'PICK'; preset: RemindPreset }
  /** "Pick a date and time…": the full reminder form. */
  | { type: 'CUSTOM' }
  | { type: 'CLOSE' }
