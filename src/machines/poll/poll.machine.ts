import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { POLL_OPTION_MAX, POLL_OPTIONS_MAX } from '../../../contract/vote'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { Poll, PollContext, PollEvent, PollInput, PollNewOptionBody, PollVoteBody, Sender } from './poll.types'

/**
 * One poll in a chat (a message of type 'vote'), as its card shows it.
 *
 *   loading: GET vote/info --done--> ready, --error--> failed (RETRY loads again)
 *   ready.sorting --always--> locked | closed | open, as the poll's status says
 *   ready.open (parallel)
 *     activity.idle
 *       VOTE(option): the reader's new choices (nextChoices): in a single-choice poll the chosen
 *         option again takes the vote back and another replaces it; in a multiple-choice poll it
 *         toggles. They show at once (pending) -> voting: POST vote/option with the whole new set
 *         --done--> the server's poll; --error--> the choices as they were, with the server's
 *         message; a refusal that says the poll stopped (locked or closed, 409) comes with the poll
 *         as it is now, and the card goes to that state
 *       NEW_OPTION_TEXT; ADD_OPTION (where the poll takes new options: not blank, at most 100
 *         characters, not there already, fewer than 10 options) -> adding: POST vote/new-option
 *       LOCK (the creator or a topic admin) -> locking: POST vote/lock --done--> locked
 *     deadline: with a closing time, closed at that time by itself (a timer from closes_at and the
 *       injected clock, in steps of at most 24 days, as timers take no longer)
 *     CHANGED (socket POLL_CHANGED) takes the counts; without `mine` the reader's choices stay;
 *       a poll the server locked or closed goes to that state
 *   ready.locked, ready.closed: take no votes, no options; CHANGED still updates the counts
 *   REFRESH (the socket connected again: POLL_CHANGED may have been missed meanwhile):
 *     ready.open.activity.idle | ready.locked | ready.closed --> ready.refreshing: GET vote/info
 *       behind the card shown (votes wait; CHANGED and the typed option are still taken)
 *       --done--> sorting, the poll as it is now ; --error--> sorting, the card as it was, with the
 *       reason. A vote, option or lock on its way is not cut short (its answer is the poll as it is
 *       now): REFRESH then does nothing
 *     loading | refreshing --> the read again (what was being read may predate it) ; failed --> loading
 *
 * Pure: the calls are injected promise actors, the clock an input.
 */

/** The longest a timer waits (setTimeout's limit); a later closing time is reached in several waits. */
export const LONGEST_WAIT_MS = 2 ** 31 - 1

/** The reader's choices after choosing `optionId` (the vote rule). */
export function nextChoices(poll: Pick<Poll, 'multiple'>, mine: readonly string[], optionId: string): string[] {
  if (mine.includes(optionId)) return mine.filter((id) => id !== optionId)
  return poll.multiple ? [...mine, optionId] : [optionId]
}

/** The poll as the reader sees it: the server's, with the reader's unanswered choices applied to the counts and voters. */
export function shownPoll(poll: Poll, pending: readonly string[] | null, me: Sender): Poll {
  if (pending === null) return poll
  const before = new Set(poll.mine)
  const after = new Set(pending)
  return {
    ...poll,
    mine: [...pending],
    voters: poll.voters + (after.size > 0 ? 1 : 0) - (before.size > 0 ? 1 : 0),
    options: poll.options.map((option) => {
      const was = before.has(option._id)
      const is = after.has(option._id)
      if (was === is) return option
      return {
        ...option,
        votes: Math.max(0, option.votes + (is ? 1 : -1)),
        voters: option.voters === null ? null : is ? [...option.voters, me] : option.voters.filter((v) => v._id !== me._id),
      }
    }),
  }
}

export type NewOptionProblem = 'tooLong' | 'taken' | 'full' | null

/** Why the typed option cannot be added (a blank one is simply not sent). */
export function newOptionProblem(poll: Pick<Poll, 'options'>, text: string): NewOptionProblem {
  const trimmed = text.trim()
  if (poll.options.length >= POLL_OPTIONS_MAX) return 'full'
  if (trimmed.length > POLL_OPTION_MAX) return 'tooLong'
  const key = trimmed.toLocaleLowerCase()
  return trimmed !== '' && poll.options.some((o) => o.text.trim().toLocaleLowerCase() === key) ? 'taken' : null
}

/** The creator and the topic's admins may lock a poll. */
export const mayLock = (context: Pick<PollContext, 'me' | 'isAdmin' | 'poll'>) =>
  context.isAdmin || (context.poll !== null && context.poll.creator._id === context.me._id)

/** The poll a refusal came with (the card then shows the server's state), if any. */
const refusedPollOf = (event: unknown): Poll | null => {
  const error = (event as { error?: { poll?: Poll | null } }).error
  return error?.poll ?? null
}

const closingAt = (poll: Poll | null) => (poll?.closes_at ? Date.parse(poll.closes_at) : null)

const notProvided = actorNotProvided('poll')

export const pollMachine = setup({
  types: {
    context: {} as PollContext,
    events: {} as PollEvent,
    input: {} as PollInput,
  },
  actors: {
    /** GET vote/info. */
    loadPoll: fromPromise<Poll, { poll_id: string }>(notProvided('loadPoll')),
    /** POST vote/option; a refusal fails with a PollRefusal. */
    castVote: fromPromise<Poll, PollVoteBody>(notProvided('castVote')),
    /** POST vote/new-option; a refusal fails with a PollRefusal. */
    addOption: fromPromise<Poll, PollNewOptionBody>(notProvided('addOption')),
    /** POST vote/lock. */
    lockPoll: fromPromise<Poll, { poll_id: string }>(notProvided('lockPoll')),
  },
  guards: {
    isLocked: ({ context }) => context.poll?.status === 'locked',
    isClosed: ({ context }) => context.poll?.status === 'closed',
    isThisPoll: ({ context, event }) => event.type === 'CHANGED' && event.poll._id === context.pollId,
    stopsPoll: ({ context, event }) => event.type === 'CHANGED' && event.poll._id === context.pollId && event.poll.status !== 'open',
    isOption: ({ context, event }) =>
      event.type === 'VOTE' && context.poll !== null && context.poll.options.some((o) => o._id === event.optionId),
    canAddOption: ({ context }) =>
      context.poll !== null &&
      context.poll.allow_new_options &&
      context.newOption.trim() !== '' &&
      newOptionProblem(context.poll, context.newOption) === null,
    canLock: ({ context }) => mayLock(context),
    hasNoClosingTime: ({ context }) => closingAt(context.poll) === null,
    closingTimeReached: ({ context }) => (closingAt(context.poll) ?? Infinity) <= context.now(),
    closesWithinLongestWait: ({ context }) => (closingAt(context.poll) ?? Infinity) - context.now() <= LONGEST_WAIT_MS,
    refusedWithPoll: ({ event }) => refusedPollOf(event) !== null,
  },
  delays: {
    /** Until the closing time (within LONGEST_WAIT_MS). */
    untilClosing: ({ context }) => Math.min(Math.max(0, (closingAt(context.poll) ?? 0) - context.now()), LONGEST_WAIT_MS),
    longestWait: LONGEST_WAIT_MS,
  },
  actions: {
    takePoll: assign((_, params: { poll: Poll }) => ({ poll: params.poll, pending: null, error: null })),
    takeChange: assign(({ context, event }) => {
      assertEvent(event, 'CHANGED')
      return { poll: { ...event.poll, mine: event.mine ?? context.poll?.mine ?? [] } }
    }),
    choose: assign(({ context, event }) => {
      assertEvent(event, 'VOTE')
      const poll = context.poll!
      return { pending: nextChoices(poll, context.pending ?? poll.mine, event.optionId), error: null }
    }),
    dropPending: assign({ pending: null }),
    setNewOption: assign(({ event }) => {
      assertEvent(event, 'NEW_OPTION_TEXT')
      return { newOption: event.text, error: null }
    }),
    clearNewOption: assign({ newOption: '' }),
    markClosed: assign(({ context }) => ({ poll: context.poll && { ...context.poll, status: 'closed' as const }, pending: null })),
    takeRefusedPoll: assign(({ event }) => ({ poll: refusedPollOf(event), pending: null })),
    showError: assign({ error: ({ event }) => errorTextOf(event) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'poll',
  context: ({ input }) => ({ ...input, poll: null, pending: null, newOption: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPoll',
        src: 'loadPoll',
        input: ({ context }) => ({ poll_id: context.pollId }),
        onDone: { target: 'ready', actions: { type: 'takePoll', params: ({ event }) => ({ poll: event.output }) } },
        onError: { target: 'failed', actions: 'showError' },
      },
      on: { REFRESH: { target: 'loading', reenter: true } },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' }, REFRESH: { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      initial: 'sorting',
      states: {
        sorting: {
          always: [{ guard: 'isLocked', target: 'locked' }, { guard: 'isClosed', target: 'closed' }, { target: 'open' }],
        },
        refreshing: {
          invoke: {
            id: 'refreshPoll',
            src: 'loadPoll',
            input: ({ context }) => ({ poll_id: context.pollId }),
            onDone: { target: 'sorting', actions: { type: 'takePoll', params: ({ event }) => ({ poll: event.output }) } },
            onError: { target: 'sorting', actions: 'showError' },
          },
          on: {
            REFRESH: { target: 'refreshing', reenter: true },
            CHANGED: { guard: 'isThisPoll', actions: 'takeChange' },
            NEW_OPTION_TEXT: { actions: 'setNewOption' },
          },
        },
        open: {
          type: 'parallel',
          exit: 'dropPending',
          on: {
            CHANGED: [
              { guard: 'stopsPoll', target: 'sorting', actions: 'takeChange' },
              { guard: 'isThisPoll', actions: 'takeChange' },
            ],
            NEW_OPTION_TEXT: { actions: 'setNewOption' },
          },
          states: {
            activity: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    VOTE: { guard: 'isOption', target: 'voting', actions: 'choose' },
                    ADD_OPTION: { guard: 'canAddOption', target: 'adding', actions: 'clearError' },
                    LOCK: { guard: 'canLock', target: 'locking', actions: 'clearError' },
                    REFRESH: '#poll.ready.refreshing',
                  },
                },
                voting: {
                  invoke: {
                    id: 'castVote',
                    src: 'castVote',
                    input: ({ context }) => ({ poll_id: context.pollId, option_ids: context.pending ?? [] }),
                    onDone: {
                      target: '#poll.ready.sorting',
                      actions: { type: 'takePoll', params: ({ event }) => ({ poll: event.output }) },
                    },
                    onError: [
                      { guard: 'refusedWithPoll', target: '#poll.ready.sorting', actions: ['takeRefusedPoll', 'showError'] },
                      { target: 'idle', actions: ['dropPending', 'showError'] },
                    ],
                  },
                },
                adding: {
                  invoke: {
                    id: 'addOption',
                    src: 'addOption',
                    input: ({ context }) => ({ poll_id: context.pollId, text: context.newOption.trim() }),
                    onDone: {
                      target: '#poll.ready.sorting',
                      actions: [{ type: 'takePoll', params: ({ event }) => ({ poll: event.output }) }, 'clearNewOption'],
                    },
                    onError: [
                      { guard: 'refusedWithPoll', target: '#poll.ready.sorting', actions: ['takeRefusedPoll', 'showError'] },
                      { target: 'idle', actions: 'showError' },
                    ],
                  },
                },
                locking: {
                  invoke: {
                    id: 'lockPoll',
                    src: 'lockPoll',
                    input: ({ context }) => ({ poll_id: context.pollId }),
                    onDone: {
                      target: '#poll.ready.sorting',
                      actions: { type: 'takePoll', params: ({ event }) => ({ poll: event.output }) },
                    },
                    onError: { target: 'idle', actions: 'showError' },
                  },
                },
              },
            },
            deadline: {
              initial: 'checking',
              states: {
                checking: {
                  always: [
                    { guard: 'hasNoClosingTime', target: 'none' },
                    { guard: 'closingTimeReached', target: '#poll.ready.closed', actions: 'markClosed' },
                    { guard: 'closesWithinLongestWait', target: 'waiting' },
                    { target: 'waitingLong' },
                  ],
                },
                waiting: {
                  after: { untilClosing: { target: '#poll.ready.closed', actions: 'markClosed' } },
                },
                /** Further than a timer reaches: wait the longest a timer can, then look again. */
                waitingLong: {
                  after: { longestWait: 'checking' },
                },
                none: {},
              },
            },
          },
        },
        locked: {
          on: { CHANGED: { guard: 'isThisPoll', actions: 'takeChange' }, REFRESH: 'refreshing' },
        },
        closed: {
          on: { CHANGED: { guard: 'isThisPoll', actions: 'takeChange' }, REFRESH: 'refreshing' },
        },
      },
    },
  },
})

const SAMPLE_ME: Sender = { _id: 'user-1', name: 'Lan Nguyễn', workid: 'lan', photo_url: null }

/** What the statechart visualiser starts the machine with. */
export const pollSampleInput: PollInput = {
  pollId: 'poll-1',
  question: 'Lunch on Friday?',
  me: SAMPLE_ME,
  isAdmin: false,
  now: () => Date.now(),
}

export type PollMachine = typeof pollMachine
export type PollActor = ActorRefFrom<PollMachine>
export type PollSnapshot = SnapshotFrom<PollMachine>
