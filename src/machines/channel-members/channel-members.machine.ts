import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { isChannelAdmin, mayChangeRole, mayLeaveChannel, mayRemoveMember } from '../../../contract/channel'
import { PAGE_SIZE } from '../../../contract/common'
import { errorTextOf, outputOf } from '../invoke-result'
import { appendUnique } from '../append-unique'
import { actorNotProvided } from '../not-provided'
import type {
  AddLabelInput,
  ChangeRoleInput,
  ChannelMembersContext,
  ChannelMembersEvent,
  ChannelMembersInput,
  Label,
  Member,
  MembersPageInput,
  RemoveMemberInput,
} from './channel-members.types'

/**
 * A channel's members with their roles and its labels, for its members. Two regions:
 *
 * members: loading --done--> ready.idle | --error--> failed (RETRY_MEMBERS loads again)
 *   ready.idle --LOAD_MORE [the last page was full]--> ready.loadingMore --done--> idle, the page
 *     appended (a member already shown is not shown twice)
 *   ready.idle --CHANGE_ROLE [an owner or admin, not their own role nor the owner's]--> ready.changingRole
 *     --done--> idle with the saved member; --error--> idle with the reason
 *   ready.idle --REMOVE [mayRemoveThatMember: the owner anyone else, an admin members only]--> ready.confirmingRemoval
 *     --CANCEL--> idle; --CONFIRM--> ready.removing --done--> idle without them; --error--> idle with the reason
 *   ready.idle --LEAVE [mayLeave: any member but the owner]--> ready.confirmingLeave
 *     --CANCEL--> idle; --CONFIRM--> ready.leaving --done--> left (the injected `leftChannel` goes to the chats);
 *     --error--> idle with the reason
 * labels: loading --done--> ready.idle | --error--> failed (RETRY_LABELS)
 *   ready.idle --ADD_LABEL [an admin, a name typed]--> ready.adding --done--> idle, the label added
 *   ready.idle --DELETE_LABEL [an admin]--> ready.deleting --done--> idle, the label gone
 *   a refused add or delete --> idle with the reason
 */

const notProvided = actorNotProvided('channelMembers')

export const channelMembersMachine = setup({
  types: {
    context: {} as ChannelMembersContext,
    events: {} as ChannelMembersEvent,
    input: {} as ChannelMembersInput,
  },
  actors: {
    /** GET channel/page: one page of the channel's members. */
    loadMembers: fromPromise<Member[], MembersPageInput>(notProvided('loadMembers')),
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
    hasMore: ({ context }) => context.more,
    mayChangeThatRole: ({ context, event }) => {
      if (event.type !== 'CHANGE_ROLE') return false
      const member = context.members.find((m) => m._id === event.memberId)
      return member !== undefined && member.role !== event.role && mayChangeRole(context.myRole, member, context.meId)
    },
    /** Who may remove whom (contract mayRemoveMember): the owner anyone else, an admin members only, never themselves. */
    mayRemoveThatMember: ({ context, event }) => {
      if (event.type !== 'REMOVE') return false
      const member = context.members.find((m) => m._id === event.memberId)
      return member !== undefined && mayRemoveMember(context.myRole, member, context.meId)
    },
    /** Any member but the owner may leave (contract mayLeaveChannel). */
    mayLeave: ({ context }) => mayLeaveChannel(context.myRole),
    mayAddLabel: ({ context }) => isChannelAdmin(context.myRole) && context.labelName.trim() !== '',
    mayDeleteLabel: ({ context, event }) =>
      event.type === 'DELETE_LABEL' && isChannelAdmin(context.myRole) && context.labels.some((l) => l._id === event.labelId),
  },
  actions: {
    setFirstPage: assign(({ event }) => {
      const members = outputOf<Member[]>(event)
      return { members, pages: 1, more: members.length === PAGE_SIZE, membersError: null }
    }),
    appendPage: assign(({ context, event }) => {
      const page = outputOf<Member[]>(event)
      return { members: appendUnique(context.members, page), pages: context.pages + 1, more: page.length === PAGE_SIZE }
    }),
    startRoleChange: assign(({ event }) =>
      event.type === 'CHANGE_ROLE' ? { changing: { customer_id: event.memberId, role: event.role }, membersError: null } : {},
    ),
    replaceMember: assign(({ context, event }) => {
      const saved = outputOf<Member>(event)
      return { members: context.members.map((m) => (m._id === saved._id ? saved : m)), changing: null }
    }),
    startRemoval: assign(({ context, event }) =>
      event.type === 'REMOVE' ? { removing: context.members.find((m) => m._id === event.memberId) ?? null, membersError: null } : {},
    ),
    cancelRemoval: assign({ removing: null }),
    dropMember: assign(({ context }) => ({ members: context.members.filter((m) => m._id !== context.removing?._id), removing: null })),
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
    members: [],
    pages: 0,
    more: false,
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
  states: {
    members: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadMembers',
            src: 'loadMembers',
            input: ({ context }) => ({ channelId: context.channelId, page: 1 }),
            onDone: { target: 'ready', actions: 'setFirstPage' },
            onError: 'failed',
          },
        },
        failed: {
          on: { RETRY_MEMBERS: 'loading' },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                LOAD_MORE: { guard: 'hasMore', target: 'loadingMore', actions: 'clearMembersError' },
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
                onDone: { target: 'idle', actions: 'dropMember' },
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
            loadingMore: {
              invoke: {
                id: 'loadMoreMembers',
                src: 'loadMembers',
                input: ({ context }) => ({ channelId: context.channelId, page: context.pages + 1 }),
                onDone: { target: 'idle', actions: 'appendPage' },
                onError: { target: 'idle', actions: 'setMembersError' },
              },
            },
            changingRole: {
              invoke: {
                id: 'changeRole',
                src: 'changeRole',
                input: ({ context }) => ({ channelId: context.channelId, ...context.changing! }),
                onDone: { target: 'idle', actions: 'replaceMember' },
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
