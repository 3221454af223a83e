import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { SavedMarksContext, SavedMarksEvent, SavedMarksInput, ToggleSavedInput } from './saved-marks.types'

/**
 * An open chat's saved marks: which of its messages the user saved, so a message's actions offer
 * "Save" or "Remove from saved", and the change.
 *
 *   loading --done--> ready with the ids; --error--> ready with none (saving again changes nothing)
 *   ready --TOGGLE--> toggling (save when not saved, else remove) --done--> ready, the mark changed,
 *     "Saved" / "Removed from saved"; --error--> ready with the reason
 *   ready --DISMISS--> the note goes
 *
 * Pure: `loadMarks` (GET saved/in-topic) and `toggleSaved` (POST saved/add or saved/remove) are injected.
 */

const notProvided = actorNotProvided('savedMarks')

export const savedMarksMachine = setup({
  types: { context: {} as SavedMarksContext, events: {} as SavedMarksEvent, input: {} as SavedMarksInput },
  actors: {
    loadMarks: fromPromise<string[], { topicId: string }>(notProvided('loadMarks')),
    toggleSaved: fromPromise<unknown, ToggleSavedInput>(notProvided('toggleSaved')),
  },
  actions: {
    setIds: assign(({ event }) => ({ ids: outputOf<string[]>(event) })),
    startToggle: assign(({ context, event }) =>
      event.type === 'TOGGLE'
        ? { toggling: { messageId: event.messageId, save: !context.ids.includes(event.messageId) }, done: null, error: null }
        : {},
    ),
    applyToggle: assign(({ context }) => {
      const { messageId, save } = context.toggling!
      return {
        ids: save ? [...context.ids, messageId] : context.ids.filter((id) => id !== messageId),
        done: save ? ('saved' as const) : ('removed' as const),
        toggling: null,
      }
    }),
    setError: assign(({ event }) => ({ error: errorTextOf(event), toggling: null })),
    dismiss: assign({ done: null, error: null }),
  },
}).createMachine({
  id: 'savedMarks',
  context: ({ input }) => ({ ...input, ids: [], toggling: null, done: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMarks',
        src: 'loadMarks',
        input: ({ context }) => ({ topicId: context.topicId }),
        onDone: { target: 'ready', actions: 'setIds' },
        onError: { target: 'ready' },
      },
    },
    ready: {
      on: {
        TOGGLE: { target: 'toggling', actions: 'startToggle' },
        DISMISS: { actions: 'dismiss' },
      },
    },
    toggling: {
      invoke: {
        id: 'toggleSaved',
        src: 'toggleSaved',
        input: ({ context }) => context.toggling!,
        onDone: { target: 'ready', actions: 'applyToggle' },
        onError: { target: 'ready', actions: 'setError' },
      },
    },
  },
})

export type SavedMarksMachine = typeof savedMarksMachine
export type SavedMarksActor = ActorRefFrom<SavedMarksMachine>
export type SavedMarksSnapshot = SnapshotFrom<SavedMarksMachine>
