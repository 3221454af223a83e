import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX } from '../../../contract/vote'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  ClosesAtProblem,
  OptionProblem,
  Poll,
  PollCreateBody,
  PollFormContext,
  PollFormEvent,
  PollFormInput,
  PollFormProblems,
  QuestionProblem,
} from './poll-form.types'

/**
 * The "Create a poll" dialog of a chat.
 *
 *   editing
 *     QUESTION, OPTION (a row's text), FLAG (single or multiple choice, anonymous, members may add
 *       options), CLOSES_AT (a local date and time, or none) change the form
 *     ADD_ROW while there are fewer than 10 rows; REMOVE_ROW while there are more than 2
 *     SUBMIT when the form is good (pollIsValid at the injected clock's now) -> creating;
 *       otherwise the field messages show (checked against that moment from then on):
 *       a question of 1 to 300 characters, at least 2 options (blank rows left out), each of at
 *       most 100 characters and none twice (case aside), a closing time in the future
 *     CLOSE -> closed
 *   creating: POST vote/create with the dialog's client_id (made once per dialog, so a retry after
 *     a lost answer is the same poll) --done--> created (injected `pollCreated`);
 *     --error--> editing with the server's message, every field kept
 *
 * Pure: the call is an injected promise actor, the clock an input.
 */

const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/

/** A datetime-local value as ms since the epoch (it is local time), or null when it is not one. */
export function closingTimeOf(value: string): number | null {
  if (!DATETIME_LOCAL.test(value)) return null
  const at = new Date(value).getTime()
  return Number.isNaN(at) ? null : at
}

export function questionProblem(question: string): QuestionProblem {
  const trimmed = question.trim()
  if (trimmed === '') return 'required'
  return trimmed.length > POLL_QUESTION_MAX ? 'tooLong' : null
}

/** Each row's problem: too long, or the same text (case aside) as an earlier row. Blank rows have none. */
export function optionProblems(options: readonly string[]): OptionProblem[] {
  const seen = new Set<string>()
  return options.map((text) => {
    const trimmed = text.trim()
    if (trimmed === '') return null
    if (trimmed.length > POLL_OPTION_MAX) return 'tooLong'
    const key = trimmed.toLocaleLowerCase()
    if (seen.has(key)) return 'duplicate'
    seen.add(key)
    return null
  })
}

/** The options the poll is made with: the rows' texts, trimmed, blank rows left out. */
export const givenOptions = (options: readonly string[]) => options.map((text) => text.trim()).filter((text) => text !== '')

export function closesAtProblem(closesAt: string, now: number): ClosesAtProblem {
  if (closesAt === '') return null
  const at = closingTimeOf(closesAt)
  if (at === null) return 'invalid'
  return at > now ? null : 'past'
}

export function pollFormProblems(context: Pick<PollFormContext, 'question' | 'options' | 'closesAt'>, now: number): PollFormProblems {
  return {
    question: questionProblem(context.question),
    options: optionProblems(context.options),
    tooFew: givenOptions(context.options).length < POLL_OPTIONS_MIN,
    closesAt: closesAtProblem(context.closesAt, now),
  }
}

export const pollIsValid = (problems: PollFormProblems) =>
  problems.question === null && problems.options.every((p) => p === null) && !problems.tooFew && problems.closesAt === null

/** The body of POST vote/create for the form as it is. */
export function createBodyOf(context: PollFormContext): PollCreateBody {
  const at = closingTimeOf(context.closesAt)
  return {
    client_id: context.clientId,
    topic_id: context.topicId,
    question: context.question.trim(),
    options: givenOptions(context.options),
    multiple: context.multiple,
    anonymous: context.anonymous,
    allow_new_options: context.allowNewOptions,
    closes_at: at === null ? null : new Date(at).toISOString(),
  }
}

const notProvided = actorNotProvided('pollForm')

export const pollFormMachine = setup({
  types: {
    context: {} as PollFormContext,
    events: {} as PollFormEvent,
    input: {} as PollFormInput,
  },
  actors: {
    /** POST vote/create. */
    createPoll: fromPromise<Poll, PollCreateBody>(notProvided('createPoll')),
  },
  guards: {
    canAddRow: ({ context }) => context.options.length < POLL_OPTIONS_MAX,
    canRemoveRow: ({ context }) => context.options.length > POLL_OPTIONS_MIN,
    isValid: ({ context }) => pollIsValid(pollFormProblems(context, context.now())),
  },
  actions: {
    /** Injected: the poll was made (its message reaches the chat over the socket). */
    pollCreated: (_, _params: { poll: Poll }) => {},
    setQuestion: assign(({ event }) => {
      assertEvent(event, 'QUESTION')
      return { question: event.value, error: null }
    }),
    setOption: assign(({ context, event }) => {
      assertEvent(event, 'OPTION')
      return { options: context.options.map((text, i) => (i === event.index ? event.value : text)), error: null }
    }),
    addRow: assign(({ context }) => ({ options: [...context.options, ''], error: null })),
    removeRow: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_ROW')
      return { options: context.options.filter((_, i) => i !== event.index), error: null }
    }),
    setFlag: assign(({ event }) => {
      assertEvent(event, 'FLAG')
      return { [event.flag]: event.value, error: null }
    }),
    setClosesAt: assign(({ event }) => {
      assertEvent(event, 'CLOSES_AT')
      return { closesAt: event.value, error: null }
    }),
    showProblems: assign(({ context }) => ({ checkedAt: context.now(), error: null })),
    showError: assign({ error: ({ event }) => errorTextOf(event) }),
  },
}).createMachine({
  id: 'pollForm',
  context: ({ input }) => ({
    ...input,
    question: '',
    options: ['', ''],
    multiple: false,
    anonymous: false,
    allowNewOptions: false,
    closesAt: '',
    checkedAt: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        QUESTION: { actions: 'setQuestion' },
        OPTION: { actions: 'setOption' },
        ADD_ROW: { guard: 'canAddRow', actions: 'addRow' },
        REMOVE_ROW: { guard: 'canRemoveRow', actions: 'removeRow' },
        FLAG: { actions: 'setFlag' },
        CLOSES_AT: { actions: 'setClosesAt' },
        SUBMIT: [{ guard: 'isValid', target: 'creating' }, { actions: 'showProblems' }],
        CLOSE: 'closed',
      },
    },
    creating: {
      invoke: {
        id: 'createPoll',
        src: 'createPoll',
        input: ({ context }) => createBodyOf(context),
        onDone: { target: 'created', actions: { type: 'pollCreated', params: ({ event }) => ({ poll: event.output }) } },
        onError: { target: 'editing', actions: 'showError' },
      },
    },
    created: { type: 'final' },
    closed: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const pollFormSampleInput: PollFormInput = {
  topicId: 'topic-1',
  clientId: 'poll-client-1',
  now: () => Date.parse('2026-11-28T09:00:00Z'),
}

export type PollFormMachine = typeof pollFormMachine
export type PollFormActor = ActorRefFrom<PollFormMachine>
export type PollFormSnapshot = SnapshotFrom<PollFormMachine>
