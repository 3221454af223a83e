import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { channelQuota, LIMITS } from '../../../contract/limits'
import { actorNotProvided } from '../not-provided'
import {
  CHANNEL_IMAGE_TYPES,
  type ChannelCreateBody,
  type ChannelFormContext,
  type ChannelFormError,
  type ChannelFormEvent,
  type ChannelFormInput,
  type ChannelImage,
  type CreatedChannel,
} from './channel-form.types'

/**
 * The create-channel modal, with the plan's channel quota.
 *
 *   checkingQuota --always--> quotaReached when the user already administers as many channels as
 *                  the plan allows (freemium 1, premium 5, growth 100, unknown 1), else editing
 *   editing
 *     SUBMIT (Create; disabled otherwise) when the name is given and at most 75 characters, and a
 *       private channel has a password of 6 or more -> creating: POST channel/create
 *     GENERATE_DESCRIPTION (needs a non-empty description) -> generating:
 *       POST channel/suggest-description; the suggestion replaces the description
 *     CANCEL -> cancelled
 *     PICK_IMAGE (channel image or banner): a jpeg or png -> uploading: POST media/upload acl=public
 *       (the server checks the content), back to editing with it; any other type is refused here
 *     REMOVE_IMAGE drops the chosen image or banner
 *   creating --done--> created (injected `channelCreated`), --error--> editing (says so)
 *
 * Pure: the calls are injected promise actors.
 */

export type NameProblem = 'required' | 'tooLong' | null

export function nameProblem(name: string): NameProblem {
  const trimmed = name.trim()
  if (trimmed === '') return 'required'
  if (trimmed.length > LIMITS.channelNameMax) return 'tooLong'
  return null
}

/** A private channel needs a password of at least 6 characters. */
export const passwordProblem = (context: Pick<ChannelFormContext, 'isPublic' | 'password'>): 'tooShort' | null =>
  !context.isPublic && context.password.length < LIMITS.channelPasswordMin ? 'tooShort' : null

export const canCreateChannel = (context: Pick<ChannelFormContext, 'name' | 'isPublic' | 'password'>) =>
  nameProblem(context.name) === null && passwordProblem(context) === null

const notProvided = actorNotProvided('channelForm')

export const channelFormMachine = setup({
  types: {
    context: {} as ChannelFormContext,
    events: {} as ChannelFormEvent,
    input: {} as ChannelFormInput,
  },
  actors: {
    /** POST channel/create. */
    createChannel: fromPromise<CreatedChannel, ChannelCreateBody>(notProvided('createChannel')),
    /** POST channel/suggest-description {description}: the text at result.choices[0].message.content. */
    suggestDescription: fromPromise<string, { description: string }>(notProvided('suggestDescription')),
    /** POST media/upload acl=public. */
    uploadImage: fromPromise<ChannelImage, { file: File }>(notProvided('uploadImage')),
  },
  guards: {
    quotaReached: ({ context }) => context.administeredChannels >= context.limit,
    canCreate: ({ context }) => canCreateChannel(context),
    hasDescription: ({ context }) => context.description.trim() !== '',
    isImageFile: ({ event }) => event.type === 'PICK_IMAGE' && (CHANNEL_IMAGE_TYPES as readonly string[]).includes(event.file.type),
  },
  actions: {
    /** Injected: the new channel exists (the app closes the modal and opens it). */
    channelCreated: (_, _params: { channel: CreatedChannel }) => {},
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE')
      return {
        [event.field]: event.value,
        touched: event.field === 'name' || event.field === 'password' ? { ...context.touched, [event.field]: true } : context.touched,
        error: null,
      }
    }),
    setPublic: assign(({ event }) => {
      assertEvent(event, 'SET_PUBLIC')
      return { isPublic: event.isPublic, error: null }
    }),
    setUseFor: assign(({ event }) => {
      assertEvent(event, 'SET_USE_FOR')
      return { useFor: event.useFor ?? undefined, error: null }
    }),
    startUpload: assign(({ event }) => {
      assertEvent(event, 'PICK_IMAGE')
      return { uploading: event.slot, error: null }
    }),
    removeImage: assign(({ event }) => {
      assertEvent(event, 'REMOVE_IMAGE')
      return { [event.slot]: null, error: null }
    }),
    takeSuggestion: assign((_, params: { description: string }) => ({ description: params.description })),
    keepImage: assign(({ context }, params: { image: ChannelImage }) => ({
      [context.uploading ?? 'image']: params.image,
      uploading: null,
    })),
    showError: assign((_, params: { error: ChannelFormError }) => ({ error: params.error, uploading: null })),
  },
}).createMachine({
  id: 'channelForm',
  context: ({ input }) => ({
    plan: input.plan,
    limit: channelQuota(input.plan),
    administeredChannels: input.administeredChannels,
    useFor: input.useFor,
    name: '',
    description: '',
    isPublic: true,
    password: '',
    referralLink: '',
    image: null,
    banner: null,
    uploading: null,
    touched: { name: false, password: false },
    error: null,
  }),
  initial: 'checkingQuota',
  states: {
    checkingQuota: {
      always: [{ guard: 'quotaReached', target: 'quotaReached' }, { target: 'editing' }],
    },
    quotaReached: {
      on: { CANCEL: 'cancelled' },
    },
    editing: {
      on: {
        CHANGE: { actions: 'changeField' },
        SET_PUBLIC: { actions: 'setPublic' },
        SET_USE_FOR: { actions: 'setUseFor' },
        PICK_IMAGE: [
          { guard: 'isImageFile', target: 'uploading', actions: 'startUpload' },
          { actions: { type: 'showError', params: { error: 'imageType' } } },
        ],
        REMOVE_IMAGE: { actions: 'removeImage' },
        GENERATE_DESCRIPTION: { guard: 'hasDescription', target: 'generating' },
        SUBMIT: { guard: 'canCreate', target: 'creating' },
        CANCEL: 'cancelled',
      },
    },
    generating: {
      invoke: {
        id: 'suggestDescription',
        src: 'suggestDescription',
        input: ({ context }) => ({ description: context.description }),
        onDone: { target: 'editing', actions: { type: 'takeSuggestion', params: ({ event }) => ({ description: event.output }) } },
        onError: { target: 'editing', actions: { type: 'showError', params: { error: 'generate' } } },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ event }) => {
          assertEvent(event, 'PICK_IMAGE')
          return { file: event.file }
        },
        onDone: { target: 'editing', actions: { type: 'keepImage', params: ({ event }) => ({ image: event.output }) } },
        onError: { target: 'editing', actions: { type: 'showError', params: { error: 'upload' } } },
      },
    },
    creating: {
      invoke: {
        id: 'createChannel',
        src: 'createChannel',
        input: ({ context }) => ({
          name: context.name.trim(),
          description: context.description,
          is_public: context.isPublic,
          password: context.isPublic ? '' : context.password,
          ...(context.useFor ? { use_for: context.useFor } : {}),
          ...(context.image ? { file_id: context.image._id } : {}),
          ...(context.banner ? { banner: context.banner._id } : {}),
          ...(context.referralLink.trim() ? { referral_link: context.referralLink.trim() } : {}),
        }),
        onDone: { target: 'created', actions: { type: 'channelCreated', params: ({ event }) => ({ channel: event.output }) } },
        onError: { target: 'editing', actions: { type: 'showError', params: { error: 'create' } } },
      },
    },
    created: { type: 'final' },
    cancelled: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const channelFormSampleInput: ChannelFormInput = { plan: 'freemium', administeredChannels: 0 }

export type ChannelFormMachine = typeof channelFormMachine
export type ChannelFormActor = ActorRefFrom<ChannelFormMachine>
export type ChannelFormSnapshot = SnapshotFrom<ChannelFormMachine>
