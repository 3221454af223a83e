import { and, assign, fromCallback, fromPromise, setup, type ActorRefFrom, type AnyEventObject, type SnapshotFrom } from 'xstate'
import { isTopicAdmin, topicAllows } from '../../../contract/topic'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  ApplyChangeInput,
  ChannelExtras,
  ChannelExtrasInput,
  TopicChange,
  TopicInfo,
  TopicInfoContext,
  TopicInfoEvent,
  TopicInfoInput,
  TopicPermission,
  UploadImageInput,
} from './topic-info.types'

/**
 * /chat/info/{topic}: a chat's members (creators labelled), adding channel members and removing
 * members, leaving, renaming, the picture, the label and the group settings. What a member may do
 * follows the topic's permissions (`topicAllows`); the server checks again.
 *
 *   loading --done--> ready | --error--> failed (RETRY loads again)
 *   ready.topic.idle --a change [allowed]--> saving --done or error--> reloading --done--> idle:
 *     after every change, also a refused one (its reason shown), the topic is loaded again
 *   ready.topic.idle --ADD_MEMBERS [nobody chosen]--> idle, asking to choose someone
 *   ready.topic.idle --SET_PERMISSION--> saving, the setting shown changed at once
 *   ready.topic.idle --PICK_IMAGE--> uploading (progress) --done or failed--> reloading
 *   ready.topic.idle --LEAVE--> leaving --done--> left (the injected `leftTopic` goes to the chats)
 *   ready.topic.reloading --error--> failed
 *   ready.channel: the topic's channel creator, labels and members load once beside it
 */

const notProvided = actorNotProvided('topicInfo')

type Ctx = { context: TopicInfoContext }
const allows = (context: TopicInfoContext, setting: TopicPermission) =>
  context.topic !== null && context.topic.is_group && topicAllows(context.topic, context.topic.role, setting)
const isGroupAdmin = (context: TopicInfoContext) => context.topic !== null && context.topic.is_group && isTopicAdmin(context.topic.role)
const changing = (change: TopicChange) => ({ change, error: null })

export const topicInfoMachine = setup({
  types: {
    context: {} as TopicInfoContext,
    events: {} as TopicInfoEvent,
    input: {} as TopicInfoInput,
  },
  actors: {
    /** GET topic/info. */
    loadTopic: fromPromise<TopicInfo, { topicId: string }>(notProvided('loadTopic')),
    /** The channel's creator, labels and members; a part that fails is left empty. */
    loadChannelExtras: fromPromise<ChannelExtras, ChannelExtrasInput>(notProvided('loadChannelExtras')),
    /** The change's call; fails with the reason to show. */
    applyChange: fromPromise<unknown, ApplyChangeInput>(notProvided('applyChange')),
    /** DELETE topic/member of the user; fails with the reason to show. */
    leaveTopic: fromPromise<unknown, TopicInfoInput>(notProvided('leaveTopic')),
    /** Uploads the picture (public) and sets it: UPLOAD_PROGRESS, then UPLOAD_DONE or UPLOAD_FAILED. */
    uploadImage: fromCallback<AnyEventObject, UploadImageInput>(() => () => {}),
  },
  guards: {
    mayRename: ({ context }: Ctx) => {
      const name = context.renameValue.trim()
      return allows(context, 'edit_name') && name !== '' && name !== context.topic?.name
    },
    maySetLabel: ({ context }: Ctx) => isGroupAdmin(context) && context.topic?.channel_id !== null,
    mayRemoveMember: ({ context, event }) =>
      event.type === 'REMOVE_MEMBER' &&
      allows(context, 'remove_member') &&
      event.memberId !== context.meId &&
      context.topic!.customers.some((m) => m._id === event.memberId),
    isGroup: ({ context }: Ctx) => context.topic?.is_group === true,
    mayAddMembers: ({ context }: Ctx) => allows(context, 'add_member') && context.topic?.channel_id !== null,
    someoneChosen: ({ context }: Ctx) => context.chosen.length > 0,
    isGroupAdmin: ({ context }: Ctx) => isGroupAdmin(context),
    mayEditImage: ({ context }: Ctx) => allows(context, 'edit_image'),
    hasImage: ({ context }: Ctx) => context.topic?.image != null,
    noChannel: ({ context }: Ctx) => context.topic?.channel_id == null,
  },
  actions: {
    /** Injected: the user left the group; go to the chats. */
    leftTopic: () => {},
    setTopic: assign(({ context, event }) => {
      const topic = outputOf<TopicInfo>(event)
      const renamed = context.topic === null || context.topic.name !== topic.name
      return { topic, renameValue: renamed ? topic.name : context.renameValue, change: null }
    }),
    setExtras: assign({ extras: ({ event }) => outputOf<ChannelExtras>(event) }),
    noExtras: assign({ extras: { creator: null, labels: [], members: [] } }),
    setRenameValue: assign({ renameValue: ({ context, event }) => (event.type === 'RENAME_CHANGED' ? event.name : context.renameValue) }),
    toggleMember: assign({
      chosen: ({ context, event }) => {
        if (event.type !== 'TOGGLE_MEMBER') return context.chosen
        return context.chosen.includes(event.memberId)
          ? context.chosen.filter((id) => id !== event.memberId)
          : [...context.chosen, event.memberId]
      },
    }),
    startRename: assign(({ context }) => changing({ kind: 'rename', name: context.renameValue.trim() })),
    startLabel: assign(({ event }) => (event.type === 'SET_LABEL' ? changing({ kind: 'label', label_id: event.labelId }) : {})),
    startRemove: assign(({ event }) =>
      event.type === 'REMOVE_MEMBER' ? changing({ kind: 'removeMember', customer_id: event.memberId }) : {},
    ),
    startAdd: assign(({ context }) => ({ ...changing({ kind: 'addMembers', customer_ids: context.chosen }), chosen: [], addTried: false })),
    markAddTried: assign({ addTried: true }),
    /** The setting shows its new value at once; the reload after the call brings the saved one. */
    startPermission: assign(({ context, event }) => {
      if (event.type !== 'SET_PERMISSION' || !context.topic) return {}
      const permission = { [event.setting]: event.value }
      return {
        ...changing({ kind: 'permission', permission }),
        topic: { ...context.topic, permission: { ...context.topic.permission, ...permission } },
      }
    }),
    startRemoveImage: assign(() => changing({ kind: 'removeImage' })),
    startUpload: assign({ uploadPercent: 0, error: null }),
    setUploadPercent: assign({
      uploadPercent: ({ context, event }) => (event.type === 'UPLOAD_PROGRESS' ? event.percent : context.uploadPercent),
    }),
    uploadFailed: assign({ uploadPercent: null, error: ({ event }) => (event.type === 'UPLOAD_FAILED' ? event.message : null) }),
    uploadDone: assign({ uploadPercent: null }),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event) }),
  },
}).createMachine({
  id: 'topicInfo',
  context: ({ input }) => ({
    ...input,
    topic: null,
    extras: null,
    chosen: [],
    addTried: false,
    renameValue: '',
    uploadPercent: null,
    change: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTopic',
        src: 'loadTopic',
        input: ({ context }) => ({ topicId: context.topicId }),
        onDone: { target: 'ready', actions: 'setTopic' },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        topic: {
          initial: 'idle',
          on: {
            RENAME_CHANGED: { actions: 'setRenameValue' },
            TOGGLE_MEMBER: { guard: 'mayAddMembers', actions: 'toggleMember' },
          },
          states: {
            idle: {
              on: {
                RENAME: { guard: 'mayRename', target: 'saving', actions: 'startRename' },
                SET_LABEL: { guard: 'maySetLabel', target: 'saving', actions: 'startLabel' },
                REMOVE_MEMBER: { guard: 'mayRemoveMember', target: 'saving', actions: 'startRemove' },
                LEAVE: { guard: 'isGroup', target: 'leaving', actions: 'clearError' },
                ADD_MEMBERS: [
                  { guard: and(['mayAddMembers', 'someoneChosen']), target: 'saving', actions: 'startAdd' },
                  { guard: 'mayAddMembers', actions: 'markAddTried' },
                ],
                SET_PERMISSION: { guard: 'isGroupAdmin', target: 'saving', actions: 'startPermission' },
                PICK_IMAGE: { guard: 'mayEditImage', target: 'uploading', actions: 'startUpload' },
                REMOVE_IMAGE: { guard: and(['mayEditImage', 'hasImage']), target: 'saving', actions: 'startRemoveImage' },
              },
            },
            saving: {
              invoke: {
                id: 'applyChange',
                src: 'applyChange',
                input: ({ context }) => ({ topicId: context.topicId, change: context.change! }),
                onDone: 'reloading',
                onError: { target: 'reloading', actions: 'setError' },
              },
            },
            uploading: {
              invoke: {
                id: 'uploadImage',
                src: 'uploadImage',
                input: ({ context, event }) => ({
                  topicId: context.topicId,
                  file: (event as Extract<TopicInfoEvent, { type: 'PICK_IMAGE' }>).file,
                }),
              },
              on: {
                UPLOAD_PROGRESS: { actions: 'setUploadPercent' },
                UPLOAD_DONE: { target: 'reloading', actions: 'uploadDone' },
                UPLOAD_FAILED: { target: 'reloading', actions: 'uploadFailed' },
              },
            },
            leaving: {
              invoke: {
                id: 'leaveTopic',
                src: 'leaveTopic',
                input: ({ context }) => ({ topicId: context.topicId, meId: context.meId }),
                onDone: { target: '#topicInfo.left', actions: 'leftTopic' },
                onError: { target: 'reloading', actions: 'setError' },
              },
            },
            reloading: {
              invoke: {
                id: 'reloadTopic',
                src: 'loadTopic',
                input: ({ context }) => ({ topicId: context.topicId }),
                onDone: { target: 'idle', actions: 'setTopic' },
                onError: '#topicInfo.failed',
              },
            },
          },
        },
        channel: {
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'noChannel', target: 'loaded', actions: 'noExtras' }, { target: 'loading' }],
            },
            loading: {
              invoke: {
                id: 'loadChannelExtras',
                src: 'loadChannelExtras',
                input: ({ context }) => ({
                  channelId: context.topic!.channel_id!,
                  labels: isGroupAdmin(context),
                  members: allows(context, 'add_member'),
                }),
                onDone: { target: 'loaded', actions: 'setExtras' },
                onError: { target: 'loaded', actions: 'noExtras' },
              },
            },
            loaded: {},
          },
        },
      },
    },
    /** The user left the group: the app is on its way to the chats. */
    left: {},
  },
})

/** What the statechart visualiser starts the machine with. */
export const topicInfoSampleInput: TopicInfoInput = { topicId: 'topic-1', meId: 'customer-1' }

export type TopicInfoMachine = typeof topicInfoMachine
export type TopicInfoActor = ActorRefFrom<TopicInfoMachine>
export type TopicInfoSnapshot = SnapshotFrom<TopicInfoMachine>
