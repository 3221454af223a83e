import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { isChannelAdmin, mayChangeRole, mayLeaveChannel, mayRemoveMember } from '../../../contract/channel'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import { canLoadMore, isIdle, loadingList, newFailure, pagedListChild, withItem, withoutItem } from '../paged-list'
import type {
  AddLabelInput,
  ChangeRoleInput,
  ChannelMembersContext,
  ChannelMembersEvent,
  ChannelMembersInput,
  Label,
  Member,
  RemoveMemberInput,
} from './channel-members.types'

/**
 * A channel's members with their roles and its labels, for its members. Two regions:
 *
 * members: open, their paged list (GET channel/page, 20 a page) loading; RETRY_MEMBERS after its
 *   first page failed loads it again; LOAD_MORE [the last page was full] the next (a member
 *   already shown is not shown twice). While no page is on its way:
 *   open.idle --CHANGE_ROLE [an owner or admin, not their own role nor the owner's]--> open.changingRole
 *     --done--> idle with the saved member; --error--> idle with the reason
 *   open.idle --REMOVE [mayRemoveThatMember: the owner anyone else, an admin members only]--> open.confirmingRemoval
 *     --CANCEL--> idle; --CONFIRM--> open.removing --done--> idle without them; --error--> idle with the reason
 *   open.idle --LEAVE [mayLeave: any member but the owner]--> open.confirmingLeave
 *     --CANCEL--> idle; --CONFIRM--> open.leaving --done--> left (the injected `leftChannel` goes to the chats);
 *     --error--> idle with the reason
 * labels: loading --done--> ready.idle | --error--> failed (RETRY_LABELS)
 *   ready.idle --ADD_LABEL [an admin, a name typed]--> ready.adding --done--> idle, the label added
 *   ready.idle --DELETE_LABEL [an admin]--> ready.deleting --done--> idle, the label gone
 *   a refused add or delete --> idle with the reason
 */

const notProvided = actorNotProvided('channelMembers')

/** A member of the list shown, while no page is on its way (their row can be acted on). */
const listed = (context: ChannelMembersContext, memberId: string): Member | undefined =>
  isIdle(context.list) ? context.list.items.find((m) => m._id === memberId) : undefined

export const channelMembersMachine = setup({
  types: {
    context: {} as ChannelMembersContext,
    events: {} as ChannelMembersEvent,
    input: {} as ChannelMembersInput,
  },
  actors: {
    /** The channel's members, 20 a page: GET channel/page. */
    list: pagedListChild,
    /** PUT channel/role: the member as saved; fails with the reason to show. */
    changeRole: fromPromise<Member, ChangeRoleInput>(notProvided('changeRole')),
    /** DELETE channel/member; fails with the reason to show. */
    removeMember: fromPromise<unknown, RemoveMemberInput>(notProvided('removeMember')),
    /** POST channel/leave; fails with the reason to show. */
    leaveChannel: fromPromise<unknown, { channelId: string }>(notProvided('leaveChannel')),
    /** GET channel/label. */
    loadLabels: fromPromise<Label[], { channelId: string }>(notProvided('loadLabels')),
    /** POST channel/label: the new label; fails with the reason to show. */
    addLabel: fromPromise<Label, AddLabelInput>(notProvided('addLabel')),
    /** DELETE channel/label; fails with the reason to show. */
    deleteLabel: fromPromise<unknown, { labelId: string }>(notProvided('deleteLabel')),
  },
  guards: {
    canLoadMore: ({ context }) => canLoadMore(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
    mayChangeThatRole: ({ context, event }) => {
      if (event.type !== 'CHANGE_ROLE') return false
      const member = listed(context, event.memberId)
      return member !== undefined && member.role !== event.role && mayChangeRole(context.myRole, member, context.meId)
    },
    /** Who may remove whom (contract mayRemoveMember): the owner anyone else, an admin members only, never themselves. */
    mayRemoveThatMember: ({ context, event }) => {
      if (event.type !== 'REMOVE') return false
      const member = listed(context, event.memberId)
      return member !== undefined && mayRemoveMember(context.myRole, member, context.meId)
    },
    /** Any member but the owner may leave (contract mayLeaveChannel), once the members show. */
    mayLeave: ({ context }) => mayLeaveChannel(context.myRole) && isIdle(context.list),
    mayAddLabel: ({ context }) => isChannelAdmin(context.myRole) && context.labelName.trim() !== '',
    mayDeleteLabel: ({ context, event }) =>
      event.type === 'DELETE_LABEL' && isChannelAdmin(context.myRole) && context.labels.some((l) => l._id === event.labelId),
  },
  actions: {
    takeList: assign(({ context, event }) =>
      event.type === 'LIST' ? { list: event.list, membersError: newFailure(context.list, event.list) ?? context.membersError } : {},
    ),
    loadMore: sendTo('list', { type: 'LOAD_MORE' }),
    retry: sendTo('list', { type: 'RETRY' }),
    startRoleChange: assign(({ event }) =>
      event.type === 'CHANGE_ROLE' ? { changing: { customer_id: event.memberId, role: event.role }, membersError: null } : {},
    ),
    replaceInList: sendTo('list', ({ event }) => ({ type: 'REPLACE' as const, item: outputOf<Member>(event) })),
    replaceMember: assign(({ context, event }) => ({ list: withItem(context.list, outputOf<Member>(event)), changing: null })),
    startRemoval: assign(({ context, event }) =>
      event.type === 'REMOVE' ? { removing: listed(context, event.memberId) ?? null, membersError: null } : {},
    ),
    cancelRemoval: assign({ removing: null }),
    removeFromList: sendTo('list', ({ context }) => ({ type: 'REMOVE' as const, id: context.removing!._id })),
    dropMember: assign(({ context }) => ({ list: withoutItem(context.list, context.removing!._id), removing: null })),
    /** Injected: the viewer left the channel (go to the chats). */
    leftChannel: () => {},
    clearMembersError: assign({ membersError: null }),
    setMembersError: assign({ membersError: ({ event }) => errorTextOf(event), changing: null, removing: null }),
    setLabels: assign({ labels: ({ event }) => outputOf<Label[]>(event), labelsError: null }),
    setLabelName: assign({ labelName: ({ event }) => (event.type === 'LABEL_NAME_CHANGED' ? event.name : '') }),
    setLabelColor: assign({
      labelColor: ({ context, event }) => (event.type === 'LABEL_COLOR_CHANGED' ? event.color : context.labelColor),
    }),
    clearLabelsError: assign({ labelsError: null }),
    appendLabel: assign(({ context, event }) => ({ labels: [...context.labels, outputOf<Label>(event)], labelName: '' })),
    startDelete: assign({ deleting: ({ event }) => (event.type === 'DELETE_LABEL' ? event.labelId : null), labelsError: null }),
    removeLabel: assign(({ context }) => ({ labels: context.labels.filter((l) => l._id !== context.deleting), deleting: null })),
    setLabelsError: assign({ labelsError: ({ event }) => errorTextOf(event), deleting: null }),
  },
}).createMachine({
  id: 'channelMembers',
  context: ({ input }) => ({
    ...input,
    list: loadingList(),
    changing: null,
    removing: null,
    membersError: null,
    labels: [],
    labelName: '',
    labelColor: '#6366f1',
    deleting: null,
    labelsError: null,
  }),
  type: 'parallel',
  on: { LIST: { actions: 'takeList' } },
  states: {
    members: {
      initial: 'open',
      states: {
        open: {
          invoke: { id: 'list', src: 'list', input: ({ context }) => ({ query: { channelId: context.channelId } }) },
          initial: 'idle',
          states: {
            idle: {
              on: {
                LOAD_MORE: { guard: 'canLoadMore', actions: ['clearMembersError', 'loadMore'] },
                RETRY_MEMBERS: { guard: 'listFailed', actions: 'retry' },
                CHANGE_ROLE: { guard: 'mayChangeThatRole', target: 'changingRole', actions: 'startRoleChange' },
                REMOVE: { guard: 'mayRemoveThatMember', target: 'confirmingRemoval', actions: 'startRemoval' },
                LEAVE: { guard: 'mayLeave', target: 'confirmingLeave', actions: 'clearMembersError' },
              },
            },
            confirmingRemoval: {
              on: {
                CONFIRM: 'removing',
                CANCEL: { target: 'idle', actions: 'cancelRemoval' },
              },
            },
            removing: {
              invoke: {
                id: 'removeMember',
                src: 'removeMember',
                input: ({ context }) => ({ channelId: context.channelId, customer_id: context.removing!._id }),
                onDone: { target: 'idle', actions: ['removeFromList', 'dropMember'] },
                onError: { target: 'idle', actions: 'setMembersError' },
              },
            },
            confirmingLeave: {
              on: {
                CONFIRM: 'leaving',
                CANCEL: 'idle',
              },
            },
            leaving: {
              invoke: {
                id: 'leaveChannel',
                src: 'leaveChannel',
                input: ({ context }) => ({ channelId: context.channelId }),
                onDone: { target: '#channelMembers.members.left', actions: 'leftChannel' },
                onError: { target: 'idle', actions: 'setMembersError' },
              },
            },
            changingRole: {
              invoke: {
                id: 'changeRole',
                src: 'changeRole',
                input: ({ context }) => ({ channelId: context.channelId, ...context.changing! }),
                onDone: { target: 'idle', actions: ['replaceInList', 'replaceMember'] },
                onError: { target: 'idle', actions: 'setMembersError' },
              },
            },
          },
        },
        /** The viewer left the channel: the app is on its way to the chats. */
        left: {},
      },
    },
    labels: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadLabels',
            src: 'loadLabels',
            input: ({ context }) => ({ channelId: context.channelId }),
            onDone: { target: 'ready', actions: 'setLabels' },
            onError: 'failed',
          },
        },
        failed: {
          on: { RETRY_LABELS: 'loading' },
        },
        ready: {
          initial: 'idle',
          on: {
            LABEL_NAME_CHANGED: { actions: 'setLabelName' },
            LABEL_COLOR_CHANGED: { actions: 'setLabelColor' },
          },
          states: {
            idle: {
              on: {
                ADD_LABEL: { guard: 'mayAddLabel', target: 'adding', actions: 'clearLabelsError' },
                DELETE_LABEL: { guard: 'mayDeleteLabel', target: 'deleting', actions: 'startDelete' },
              },
            },
            adding: {
              invoke: {
                id: 'addLabel',
                src: 'addLabel',
                input: ({ context }) => ({ channelId: context.channelId, name: context.labelName.trim(), color: context.labelColor }),
                onDone: { target: 'idle', actions: 'appendLabel' },
                onError: { target: 'idle', actions: 'setLabelsError' },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteLabel',
                src: 'deleteLabel',
                input: ({ context }) => ({ labelId: context.deleting! }),
                onDone: { target: 'idle', actions: 'removeLabel' },
                onError: { target: 'idle', actions: 'setLabelsError' },
              },
            },
          },
        },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const channelMembersSampleInput: ChannelMembersInput = { channelId: 'channel-1', myRole: 40, meId: 'customer-1' }

export type ChannelMembersMachine = typeof channelMembersMachine
export type ChannelMembersActor = ActorRefFrom<ChannelMembersMachine>
export type ChannelMembersSnapshot = SnapshotFrom<ChannelMembersMachine>
