export {
  closesAtProblem,
  closingTimeOf,
  createBodyOf,
  givenOptions,
  optionProblems,
  pollFormMachine,
  pollFormProblems,
  pollFormSampleInput,
  pollIsValid,
  questionProblem,
  type PollFormActor,
  type PollFormMachine,
  type PollFormSnapshot,
} from './poll-form.machine'
export { connect, type PollFormProps, type PollOptionRow } from './poll-form.connect'
export type {
  ClosesAtProblem,
  OptionProblem,
  Poll,
  PollCreateBody,
  PollFlag,
  PollFormContext,
  PollFormEvent,
  PollFormInput,
  PollFormProblems,
  QuestionProblem,
} from './poll-form.types'
