export {
  LONGEST_WAIT_MS,
  mayLock,
  newOptionProblem,
  nextChoices,
  pollMachine,
  pollSampleInput,
  shownPoll,
  type NewOptionProblem,
  type PollActor,
  type PollMachine,
  type PollSnapshot,
} from './poll.machine'
export { connect, type PollCardStatus, type PollOptionView, type PollProps } from './poll.connect'
export type {
  Poll,
  PollContext,
  PollEvent,
  PollInput,
  PollNewOptionBody,
  PollRefusal,
  PollShared,
  PollVoteBody,
  Sender,
} from './poll.types'
