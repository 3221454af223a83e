import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX } from '../../../contract/vote'
import { pollFormProblems, type PollFormSnapshot } from './poll-form.machine'
import type { ClosesAtProblem, OptionProblem, PollFlag, PollFormEvent, QuestionProblem } from './poll-form.types'

const questionMax = POLL_QUESTION_MAX
const optionMax = POLL_OPTION_MAX
const optionsMin = POLL_OPTIONS_MIN

const QUESTION_MESSAGES: Record<NonNullable<QuestionProblem>, MessageDescriptor> = {
  required: msg`Write a question`,
  tooLong: msg`The question can be at most ${questionMax} characters`,
}
const OPTION_MESSAGES: Record<NonNullable<OptionProblem>, MessageDescriptor> = {
  tooLong: msg`An option can be at most ${optionMax} characters`,
  duplicate: msg`Each option must be different`,
}
const TOO_FEW = msg`Give at least ${optionsMin} options`
const CLOSES_AT_MESSAGES: Record<NonNullable<ClosesAtProblem>, MessageDescriptor> = {
  invalid: msg`Enter a date and a time`,
  past: msg`The closing time must be in the future`,
}

export interface PollOptionRow {
  text: string
  /** Shown once Create was pressed with the form not ready. */
  error: MessageDescriptor | null
}

/** The "Create a poll" dialog's props and handlers. */
export interface PollFormProps {
  open: boolean
  question: string
  questionError: MessageDescriptor | null
  options: PollOptionRow[]
  /** Fewer than 2 options given. */
  optionsError: MessageDescriptor | null
  /** Another row may be added (10 at most). */
  canAddRow: boolean
  /** A row may be removed (2 stay). */
  canRemoveRow: boolean
  multiple: boolean
  anonymous: boolean
  allowNewOptions: boolean
  /** A datetime-local value, '' for none. */
  closesAt: string
  closesAtError: MessageDescriptor | null
  /** The poll is being created: the form waits. */
  busy: boolean
  /** The server's reason the last create failed. */
  error: string | null
  onQuestion: (value: string) => void
  onOption: (index: number, value: string) => void
  onAddRow: () => void
  onRemoveRow: (index: number) => void
  onFlag: (flag: PollFlag, value: boolean) => void
  onClosesAt: (value: string) => void
  onSubmit: () => void
  onClose: () => void
}

/** Pure: snapshot and send -> the "Create a poll" dialog's props and handlers. */
export function connect(snapshot: PollFormSnapshot, send: (event: PollFormEvent) => void): PollFormProps {
  const { question, options, multiple, anonymous, allowNewOptions, closesAt, checkedAt, error } = snapshot.context
  const problems = checkedAt === null ? null : pollFormProblems(snapshot.context, checkedAt)
  const editing = snapshot.matches('editing')
  return {
    open: snapshot.status === 'active',
    question,
    questionError: problems?.question ? QUESTION_MESSAGES[problems.question] : null,
    options: options.map((text, i) => {
      const problem = problems?.options[i]
      return { text, error: problem ? OPTION_MESSAGES[problem] : null }
    }),
    optionsError: problems?.tooFew ? TOO_FEW : null,
    canAddRow: editing && options.length < POLL_OPTIONS_MAX,
    canRemoveRow: editing && options.length > POLL_OPTIONS_MIN,
    multiple,
    anonymous,
    allowNewOptions,
    closesAt,
    closesAtError: problems?.closesAt ? CLOSES_AT_MESSAGES[problems.closesAt] : null,
    busy: snapshot.matches('creating'),
    error,
    onQuestion: (value) => send({ type: 'QUESTION', value }),
    onOption: (index, value) => send({ type: 'OPTION', index, value }),
    onAddRow: () => send({ type: 'ADD_ROW' }),
    onRemoveRow: (index) => send({ type: 'REMOVE_ROW', index }),
    onFlag: (flag, value) => send({ type: 'FLAG', flag, value }),
    onClosesAt: (value) => send({ type: 'CLOSES_AT', value }),
    onSubmit: () => send({ type: 'SUBMIT' }),
    onClose: () => send({ type: 'CLOSE' }),
  }
}
