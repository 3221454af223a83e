import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { CreatedReminder, CreateReminderInput, RemindMeContext, RemindMeEvent, RemindTarget } from './remind-me.types'

/**
 * "Remind me about this message": quick choices (in 20 minutes, in 1 hour, in 2 hours, tomorrow at
 * 9:00) that make a personal calendar reminder about the message in one request, or the full
 * reminder form ("Pick a date and time…").
 *
 *   closed --OPEN--> choosing
 *   choosing --PICK--> creating --done--> created ("Reminder set for …", a link to it); --error--> choosing with the reason
 *   choosing --CUSTOM--> closed, the reminder form opened about the message (openCustom)
 *   choosing | created --CLOSE--> closed; created --OPEN--> choosing (another message)
 *
 * Pure: `createReminder` (POST calendar/create with the preset's time in the reader's zone) and
 * `openCustom` are injected.
 */

const notProvided = actorNotProvided('remindMe')

export const remindMeMachine = setup({
  types: { context: {} as RemindMeContext, events: {} as RemindMeEvent },
  actors: {
    createReminder: fromPromise<CreatedReminder, CreateReminderInput>(notProvided('createReminder')),
  },
  actions: {
    /** Injected: opens the reminder form about the message. */
    openCustom: (_, _params: { target: RemindTarget }) => {},
    open: assign(({ event }) => (event.type === 'OPEN' ? { target: event.target, preset: null, created: null, error: null } : {})),
    pick: assign(({ event }) => (event.type === 'PICK' ? { preset: event.preset, error: null } : {})),
    setCreated: assign(({ event }) => ({ created: outputOf<CreatedReminder>(event) })),
    setError: assign(({ event }) => ({ error: errorTextOf(event), preset: null })),
    close: assign({ target: null, preset: null, created: null, error: null }),
  },
}).createMachine({
  id: 'remindMe',
  context: { target: null, preset: null, created: null, error: null },
  initial: 'closed',
  states: {
    closed: { on: { OPEN: { target: 'choosing', actions: 'open' } } },
    choosing: {
      on: {
        PICK: { target: 'creating', actions: 'pick' },
        CUSTOM: {
          target: 'closed',
          actions: [{ type: 'openCustom', params: ({ context }) => ({ target: context.target! }) }, 'close'],
        },
        CLOSE: { target: 'closed', actions: 'close' },
      },
    },
    creating: {
      invoke: {
        id: 'createReminder',
        src: 'createReminder',
        input: ({ context }) => ({ target: context.target!, preset: context.preset! }),
        onDone: { target: 'created', actions: 'setCreated' },
        onError: { target: 'choosing', actions: 'setError' },
      },
    },
    created: {
      on: {
        OPEN: { target: 'choosing', actions: 'open' },
        CLOSE: { target: 'closed', actions: 'close' },
      },
    },
  },
})

export type RemindMeMachine = typeof remindMeMachine
export type RemindMeActor = ActorRefFrom<RemindMeMachine>
export type RemindMeSnapshot = SnapshotFrom<RemindMeMachine>
