import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { POLL_OPTION_MAX, POLL_OPTIONS_MAX } from '../../../contract/vote'
import { mayLock, newOptionProblem, shownPoll, type NewOptionProblem, type PollSnapshot } from './poll.machine'
import type { PollEvent } from './poll.types'

const optionMax = POLL_OPTION_MAX
const optionsMax = POLL_OPTIONS_MAX

const NEW_OPTION_MESSAGES: Record<NonNullable<NewOptionProblem>, MessageDescriptor> = {
  tooLong: msg`An option can be at most ${optionMax} characters`,
  taken: msg`This poll already has that option`,
  full: msg`A poll holds at most ${optionsMax} options`,
}

export type PollCardStatus = 'loading' | 'failed' | 'open' | 'locked' | 'closed'

export interface PollOptionView {
  id: string
  text: string
  votes: number
  /** Share of the people who voted (0 to 100, rounded), for the bar. */
  percent: number
  /** The reader chose it. */
  chosen: boolean
  /** Who chose it, in the order they voted; null in an anonymous poll. */
  voters: string[] | null
  onVote: () => void
}

/** One poll card's props and handlers. */
export interface PollProps {
  status: PollCardStatus
  question: string
  options: PollOptionView[]
  /** How many people voted. */
  voterCount: number
  multiple: boolean
  anonymous: boolean
  /** ISO time the poll closes at, or null. */
  closesAt: string | null
  /** The options take a vote now (open, nothing on its way). */
  canVote: boolean
  /** What is on its way: the reader's vote, option or lock, or the poll read again (after a reconnect). */
  busy: 'voting' | 'adding' | 'locking' | 'refreshing' | null
  /** The poll takes new options (open, and its creator allowed it): the add field shows. */
  takesOptions: boolean
  newOption: string
  newOptionError: MessageDescriptor | null
  canAddOption: boolean
  /** The reader may lock it (its creator or a topic admin) and it is open. */
  canLock: boolean
  /** The server's message for the last refused call. */
  error: string | null
  onVote: (optionId: string) => void
  onNewOption: (text: string) => void
  onAddOption: () => void
  onLock: () => void
  onRetry: () => void
}

const statusOf = (snapshot: PollSnapshot): PollCardStatus =>
  snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches({ ready: 'locked' })
        ? 'locked'
        : snapshot.matches({ ready: 'closed' })
          ? 'closed'
          : snapshot.matches({ ready: 'refreshing' })
            ? (snapshot.context.poll?.status ?? 'open')
            : 'open'

/** Pure: snapshot and send -> the poll card's props and handlers. */
export function connect(snapshot: PollSnapshot, send: (event: PollEvent) => void): PollProps {
  const { poll: server, pending, me, newOption, error, question } = snapshot.context
  const status = statusOf(snapshot)
  const poll = server && shownPoll(server, pending, me)
  const open = status === 'open'
  const idle = snapshot.matches({ ready: { open: { activity: 'idle' } } })
  const busy = snapshot.matches({ ready: { open: { activity: 'voting' } } })
    ? 'voting'
    : snapshot.matches({ ready: { open: { activity: 'adding' } } })
      ? 'adding'
      : snapshot.matches({ ready: { open: { activity: 'locking' } } })
        ? 'locking'
        : snapshot.matches({ ready: 'refreshing' })
          ? 'refreshing'
          : null
  const voterCount = poll?.voters ?? 0
  const problem = poll && newOption.trim() !== '' ? newOptionProblem(poll, newOption) : null
  const onVote = (optionId: string) => send({ type: 'VOTE', optionId })
  return {
    status,
    question: poll?.question ?? question,
    options: (poll?.options ?? []).map((option) => ({
      id: option._id,
      text: option.text,
      votes: option.votes,
      percent: voterCount === 0 ? 0 : Math.round((option.votes / voterCount) * 100),
      chosen: poll!.mine.includes(option._id),
      voters: option.voters?.map((v) => v.name) ?? null,
      onVote: () => onVote(option._id),
    })),
    voterCount,
    multiple: poll?.multiple ?? false,
    anonymous: poll?.anonymous ?? false,
    closesAt: poll?.closes_at ?? null,
    canVote: open && idle,
    busy,
    takesOptions: open && (poll?.allow_new_options ?? false) && (poll?.options.length ?? 0) < POLL_OPTIONS_MAX,
    newOption,
    newOptionError: problem ? NEW_OPTION_MESSAGES[problem] : null,
    canAddOption: open && idle && poll !== null && poll.allow_new_options && newOption.trim() !== '' && problem === null,
    canLock: open && mayLock(snapshot.context),
    error,
    onVote,
    onNewOption: (text) => send({ type: 'NEW_OPTION_TEXT', text }),
    onAddOption: () => send({ type: 'ADD_OPTION' }),
    onLock: () => send({ type: 'LOCK' }),
    onRetry: () => send({ type: 'RETRY' }),
  }
}
