import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { CustomStatus } from '../../../contract/presence'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { SaveStatusInput, StatusFormContext, StatusFormEvent, StatusFormInput } from './status-form.types'

/**
 * The custom status form (the account menu's "Set a status"): an emoji, a few words and when it
 * clears itself.
 *
 *   editing --EMOJI / TEXT / EXPIRY / PRESET--> editing (the fields change); DATE [pickingDate] too
 *   editing --SAVE [ready: an emoji, words, and a date when "a date" is picked]--> saving
 *   editing --CLEAR [hasStatus]--> clearing
 *   saving --done--> done (`statusSaved`: the app closes the form); --error--> editing with the message
 *   clearing --done--> done; --error--> editing with the message
 *
 * Pure: `saveStatus` (POST status/set, the expiry turned into a time) and `clearStatus` are
 * injected promise actors; `statusSaved` an injected action.
 */
const notProvided = actorNotProvided('statusForm')

export const statusFormMachine = setup({
  types: {
    context: {} as StatusFormContext,
    events: {} as StatusFormEvent,
    input: {} as StatusFormInput,
  },
  actors: {
    saveStatus: fromPromise<CustomStatus, SaveStatusInput>(notProvided('saveStatus')),
    clearStatus: fromPromise<unknown, void>(notProvided('clearStatus')),
  },
  guards: {
    ready: ({ context }) => context.emoji.trim() !== '' && context.text.trim() !== '' && (context.expiry !== 'date' || context.date !== ''),
    hasStatus: ({ context }) => context.current !== null,
    pickingDate: ({ context }) => context.expiry === 'date',
  },
  actions: {
    /** Injected: the status was saved or cleared (the app closes the form). */
    statusSaved: () => {},
    edit: assign(({ event }) => {
      switch (event.type) {
        case 'EMOJI':
          return { emoji: event.value, error: null }
        case 'TEXT':
          return { text: event.value, error: null }
        case 'EXPIRY':
          return { expiry: event.value, error: null }
        case 'DATE':
          return { date: event.value, error: null }
        case 'PRESET':
          return { emoji: event.emoji, text: event.text, error: null }
        default:
          return {}
      }
    }),
    failed: assign({ error: ({ event }) => errorTextOf(event) }),
  },
}).createMachine({
  id: 'statusForm',
  context: ({ input }) => ({
    emoji: input.current?.emoji ?? '',
    text: input.current?.text ?? '',
    expiry: input.current && !input.current.expires_at ? 'never' : 'today',
    date: '',
    current: input.current,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        EMOJI: { actions: 'edit' },
        TEXT: { actions: 'edit' },
        EXPIRY: { actions: 'edit' },
        DATE: { guard: 'pickingDate', actions: 'edit' },
        PRESET: { actions: 'edit' },
        SAVE: { guard: 'ready', target: 'saving' },
        CLEAR: { guard: 'hasStatus', target: 'clearing' },
      },
    },
    saving: {
      invoke: {
        id: 'saveStatus',
        src: 'saveStatus',
        input: ({ context }) => ({ emoji: context.emoji.trim(), text: context.text.trim(), expiry: context.expiry, date: context.date }),
        onDone: { target: 'done', actions: 'statusSaved' },
        onError: { target: 'editing', actions: 'failed' },
      },
    },
    clearing: {
      invoke: {
        id: 'clearStatus',
        src: 'clearStatus',
        onDone: { target: 'done', actions: 'statusSaved' },
        onError: { target: 'editing', actions: 'failed' },
      },
    },
    done: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const statusFormSampleInput: StatusFormInput = { current: { emoji: '🌴', text: 'On holiday', expires_at: null } }

export type StatusFormMachine = typeof statusFormMachine
export type StatusFormActor = ActorRefFrom<StatusFormMachine>
export type StatusFormSnapshot = SnapshotFrom<StatusFormMachine>
