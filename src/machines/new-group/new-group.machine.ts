import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Topic } from '../../../contract/topic'
import { actorNotProvided } from '../not-provided'
import { errorTextOf } from '../invoke-result'
import type { Candidate, CreateGroupInput, NewGroupContext, NewGroupEmitted, NewGroupEvent, NewGroupInput } from './new-group.types'

/**
 * The new-group dialog: a group chat in the current channel with some of its members.
 *
 *   closed --OPEN (maybe with people picked already)--> open.loadingMembers (the channel's members, not the
 *   user; of the people picked, those who are members stay chosen) -> open.editing
 *   open.editing --SUBMIT (with a name)--> open.creating (POST channel/add-topic) -> closed, `created`
 *   (the list adds it, the app opens it) | open.editing with the reason
 *   CLOSE closes, except while creating. The name can be typed while the members load.
 */
const notProvided = actorNotProvided('newGroup')

export const NAME_MAX = 75

export const newGroupMachine = setup({
  types: {
    context: {} as NewGroupContext,
    events: {} as NewGroupEvent,
    input: {} as NewGroupInput,
    emitted: {} as NewGroupEmitted,
  },
  actors: {
    /** The channel's members (every page of GET channel/page). */
    loadMembers: fromPromise<Candidate[], { channelId: string }>(notProvided('loadMembers')),
    /** POST channel/add-topic. */
    createGroup: fromPromise<Topic, CreateGroupInput>(notProvided('createGroup')),
  },
  guards: {
    hasName: ({ context }) => context.name.trim() !== '',
  },
  actions: {
    reset: assign(({ event }) => ({
      channelId: event.type === 'OPEN' ? event.channelId : '',
      name: '',
      chosen: event.type === 'OPEN' ? (event.chosen ?? []) : [],
      candidates: [],
      error: null,
    })),
    setName: assign({ name: ({ context, event }) => (event.type === 'NAME' ? event.name.slice(0, NAME_MAX) : context.name) }),
    toggleMember: assign({
      chosen: ({ context, event }) =>
        event.type !== 'TOGGLE_MEMBER'
          ? context.chosen
          : context.chosen.includes(event.memberId)
            ? context.chosen.filter((id) => id !== event.memberId)
            : [...context.chosen, event.memberId],
    }),
    setCandidates: assign(({ context }, params: { members: Candidate[] }) => {
      const candidates = params.members.filter((m) => m._id !== context.meId)
      return { candidates, chosen: context.chosen.filter((id) => candidates.some((c) => c._id === id)) }
    }),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event) }),
    emitCreated: emit((_, params: { topic: Topic }): NewGroupEmitted => ({ type: 'created', topic: params.topic })),
  },
}).createMachine({
  id: 'newGroup',
  context: ({ input }) => ({ ...input, channelId: '', name: '', chosen: [], candidates: [], error: null }),
  initial: 'closed',
  states: {
    closed: { on: { OPEN: { target: 'open', actions: 'reset' } } },
    open: {
      initial: 'loadingMembers',
      states: {
        loadingMembers: {
          on: { NAME: { actions: 'setName' }, CLOSE: '#newGroup.closed' },
          invoke: {
            id: 'loadMembers',
            src: 'loadMembers',
            input: ({ context }) => ({ channelId: context.channelId }),
            onDone: { target: 'editing', actions: { type: 'setCandidates', params: ({ event }) => ({ members: event.output }) } },
            onError: 'editing',
          },
        },
        editing: {
          on: {
            NAME: { actions: 'setName' },
            TOGGLE_MEMBER: { actions: 'toggleMember' },
            CLOSE: '#newGroup.closed',
            SUBMIT: { guard: 'hasName', target: 'creating', actions: 'clearError' },
          },
        },
        creating: {
          invoke: {
            id: 'createGroup',
            src: 'createGroup',
            input: ({ context }) => ({ channel_id: context.channelId, name: context.name.trim(), customer_ids: context.chosen }),
            onDone: { target: '#newGroup.closed', actions: { type: 'emitCreated', params: ({ event }) => ({ topic: event.output }) } },
            onError: { target: 'editing', actions: 'setError' },
          },
        },
      },
    },
  },
})

export const newGroupSampleInput: NewGroupInput = { meId: 'user-1' }

export type NewGroupMachine = typeof newGroupMachine
export type NewGroupActor = ActorRefFrom<NewGroupMachine>
export type NewGroupSnapshot = SnapshotFrom<NewGroupMachine>
