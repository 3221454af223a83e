import type { Poll, PollCreateBody } from '../../../contract/vote'

export type { Poll, PollCreateBody }

export interface PollFormInput {
  /** The chat the poll goes to. */
  topicId: string
  /** Made once per dialog: every try of this dialog sends it, so a retry after a lost answer makes no second poll. */
  clientId: string
  /** The clock (ms since the epoch): the closing time must be after it. */
  now: () => number
}

/** The switches of the dialog. */
export type PollFlag = 'multiple' | 'anonymous' | 'allowNewOptions'

export interface PollFormContext extends PollFormInput {
  question: string
  /** The option rows as typed (2 to 10); blank rows are left out when the poll is made. */
  options: string[]
  multiple: boolean
  anonymous: boolean
  allowNewOptions: boolean
  /** A datetime-local value (local time, "2026-11-28T18:00"), '' for no closing time. */
  closesAt: string
  /** When Create was last refused here (ms): the field messages show from then on, checked against this time. */
  checkedAt: number | null
  /** The server's reason the last create failed. */
  error: string | null
}

export type PollFormEvent =
  | { type: 'QUESTION'; value: string }
  | { type: 'OPTION'; index: number; value: string }
  | { type: 'ADD_ROW' }
  | { type: 'REMOVE_ROW'; index: number }
  | { type: 'FLAG'; flag: PollFlag; value: boolean }
  | { type: 'CLOSES_AT'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' }

export type QuestionProblem = 'required' | 'tooLong' | null
export type OptionProblem = 'tooLong' | 'duplicate' | null
export type ClosesAtProblem = 'invalid' | 'past' | null

/** What keeps the form from being sent, field by field. */
export interface PollFormProblems {
  question: QuestionProblem
  /** One per row. */
  options: OptionProblem[]
  /** Fewer than 2 options given (blank rows aside). */
  tooFew: boolean
  closesAt: ClosesAtProblem
}
