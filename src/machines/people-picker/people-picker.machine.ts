import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type { PeoplePickerContext, PeoplePickerEmitted, PeoplePickerEvent, PeoplePickerInput, PickedPerson } from './people-picker.types'

/**
 * "New message": pick the people to write to.
 *
 *   closed --OPEN (whether a group can be made: the user has a channel)--> open, nobody chosen:
 *     friends: loading (GET contact, every page) -> ready | failed --RETRY_FRIENDS--> loading
 *     search: idle --TYPE (not blank)--> waiting --DEBOUNCE (300 ms)--> searching (GET super-search,
 *       people) -> found | failed; TYPE again waits again for the new keyword; TYPE blank: idle.
 *   TOGGLE chooses or drops a person (friends first, then those found).
 *   START with one person -> closed, `chat` (the app opens the 1:1 chat); with several where a
 *   group can be made -> closed, `group` (the app opens the new group with them). CLOSE -> closed.
 */
export const PICKER_DEBOUNCE_MS = 300

const notProvided = actorNotProvided('peoplePicker')

export const peoplePickerMachine = setup({
  types: {
    context: {} as PeoplePickerContext,
    events: {} as PeoplePickerEvent,
    input: {} as PeoplePickerInput,
    emitted: {} as PeoplePickerEmitted,
  },
  actors: {
    /** The user's friends (every page of GET contact). */
    loadFriends: fromPromise<PickedPerson[], void>(notProvided('loadFriends')),
    /** The people whose name or workid matches (GET super-search, its people). */
    searchPeople: fromPromise<PickedPerson[], { keyword: string }>(notProvided('searchPeople')),
  },
  guards: {
    isBlank: ({ event }) => event.type === 'TYPE' && event.keyword.trim() === '',
    choseOne: ({ context }) => context.chosen.length === 1,
    choseSeveralForGroup: ({ context }) => context.chosen.length > 1 && context.canGroup,
  },
  actions: {
    reset: assign(({ event }) => ({
      canGroup: event.type === 'OPEN' && event.canGroup,
      friends: [],
      keyword: '',
      found: [],
      chosen: [],
    })),
    setFriends: assign({
      friends: ({ context }, params: { people: PickedPerson[] }) => params.people.filter((p) => p._id !== context.meId),
    }),
    setKeyword: assign({ keyword: ({ context, event }) => (event.type === 'TYPE' ? event.keyword : context.keyword) }),
    clearFound: assign({ found: [] }),
    setFound: assign({
      found: ({ context }, params: { people: PickedPerson[] }) => params.people.filter((p) => p._id !== context.meId),
    }),
    toggle: assign({
      chosen: ({ context, event }) =>
        event.type !== 'TOGGLE'
          ? context.chosen
          : context.chosen.some((p) => p._id === event.person._id)
            ? context.chosen.filter((p) => p._id !== event.person._id)
            : [...context.chosen, event.person],
    }),
    emitChat: emit(({ context }): PeoplePickerEmitted => ({ type: 'chat', person: context.chosen[0]! })),
    emitGroup: emit(({ context }): PeoplePickerEmitted => ({ type: 'group', people: context.chosen })),
  },
  delays: { DEBOUNCE: PICKER_DEBOUNCE_MS },
}).createMachine({
  id: 'peoplePicker',
  context: ({ input }) => ({ ...input, canGroup: false, friends: [], keyword: '', found: [], chosen: [] }),
  initial: 'closed',
  states: {
    closed: { on: { OPEN: { target: 'open', actions: 'reset' } } },
    open: {
      type: 'parallel',
      on: {
        CLOSE: 'closed',
        TOGGLE: { actions: 'toggle' },
        START: [
          { guard: 'choseOne', target: 'closed', actions: 'emitChat' },
          { guard: 'choseSeveralForGroup', target: 'closed', actions: 'emitGroup' },
        ],
      },
      states: {
        friends: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadFriends',
                src: 'loadFriends',
                onDone: { target: 'ready', actions: { type: 'setFriends', params: ({ event }) => ({ people: event.output }) } },
                onError: 'failed',
              },
            },
            ready: {},
            failed: { on: { RETRY_FRIENDS: 'loading' } },
          },
        },
        search: {
          initial: 'idle',
          on: {
            TYPE: [
              { guard: 'isBlank', target: '.idle', actions: ['setKeyword', 'clearFound'] },
              { target: '.waiting', actions: 'setKeyword' },
            ],
          },
          states: {
            idle: {},
            waiting: {
              after: { DEBOUNCE: 'searching' },
              // Typing on restarts the wait (only this region: the friends stay as they are).
              on: {
                TYPE: [
                  { guard: 'isBlank', target: 'idle', actions: ['setKeyword', 'clearFound'] },
                  { target: 'waiting', reenter: true, actions: 'setKeyword' },
                ],
              },
            },
            searching: {
              invoke: {
                id: 'searchPeople',
                src: 'searchPeople',
                input: ({ context }) => ({ keyword: context.keyword.trim() }),
                onDone: { target: 'found', actions: { type: 'setFound', params: ({ event }) => ({ people: event.output }) } },
                onError: 'failed',
              },
            },
            found: {},
            failed: {},
          },
        },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const peoplePickerSampleInput: PeoplePickerInput = { meId: 'me' }

export type PeoplePickerMachine = typeof peoplePickerMachine
export type PeoplePickerActor = ActorRefFrom<PeoplePickerMachine>
export type PeoplePickerSnapshot = SnapshotFrom<PeoplePickerMachine>
