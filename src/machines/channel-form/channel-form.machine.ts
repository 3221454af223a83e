import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { channelQuota, LIMITS } from '../../../contract/limits'
import { actorNotProvided } from '../not-provided'

/**
 * The create-channel modal (spec sections 5, 6 and 9; the channel limit message of section 8).
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

export type ChannelTextField = 'name' | 'description' | 'password' | 'referralLink'
export type ImageSlot = 'image' | 'banner'

/** Types a channel image or banner may have (the server checks the bytes). */
export const CHANNEL_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const

/** An uploaded public image. */
export interface ChannelImage {
  _id: string
  url: string
}
export type ChannelUseFor = 'sme' | 'edu'

/** POST channel/create (spec section 3, channel create payload). */
export interface ChannelCreateBody {
  name: string
  description: string
  is_public: boolean
  password: string
  use_for?: ChannelUseFor
  file_id?: string
  banner?: string
  referral_link?: string
}

export interface CreatedChannel {
  _id: string
  name: string
}

export interface ChannelFormInput {
  /** The user's plan (user.package); an unknown plan gets the smallest quota. */
  plan: string | undefined
  /** Channels the user administers now. */
  administeredChannels: number
  useFor?: ChannelUseFor
}

export interface ChannelFormContext {
  plan: string | undefined
  /** The plan's channel quota. */
  limit: number
  administeredChannels: number
  useFor: ChannelUseFor | undefined
  name: string
  description: string
  isPublic: boolean
  password: string
  referralLink: string
  image: ChannelImage | null
  banner: ChannelImage | null
  /** The slot being uploaded. */
  uploading: ImageSlot | null
  /** Fields the user has changed: their messages show from then on. */
  touched: { name: boolean; password: boolean }
  error: 'create' | 'generate' | 'upload' | 'imageType' | null
}

export type ChannelFormEvent =
  | { type: 'CHANGE'; field: ChannelTextField; value: string }
  | { type: 'SET_PUBLIC'; isPublic: boolean }
  | { type: 'SET_USE_FOR'; useFor: ChannelUseFor | null }
  | { type: 'PICK_IMAGE'; slot: ImageSlot; file: File }
  | { type: 'REMOVE_IMAGE'; slot: ImageSlot }
  | { type: 'GENERATE_DESCRIPTION' }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }

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

export const canCreateChannel = (context: Pick<ChannelFormContext, 'name' | 'isPublic' | 'password'>) => nameProblem(context.name) === null && passwordProblem(context) === null

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
        CHANGE: {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value,
            touched: event.field === 'name' || event.field === 'password' ? { ...context.touched, [event.field]: true } : context.touched,
            error: null,
          })),
        },
        SET_PUBLIC: { actions: assign({ isPublic: ({ event }) => event.isPublic, error: null }) },
        SET_USE_FOR: { actions: assign({ useFor: ({ event }) => event.useFor ?? undefined, error: null }) },
        PICK_IMAGE: [
          { guard: 'isImageFile', target: 'uploading', actions: assign({ uploading: ({ event }) => event.slot, error: null }) },
          { actions: assign({ error: 'imageType' }) },
        ],
        REMOVE_IMAGE: { actions: assign(({ event }) => ({ [event.slot]: null, error: null })) },
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
        onDone: { target: 'editing', actions: assign({ description: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: 'generate' }) },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ event }) => ({ file: (event as Extract<ChannelFormEvent, { type: 'PICK_IMAGE' }>).file }),
        onDone: { target: 'editing', actions: assign(({ context, event }) => ({ [context.uploading ?? 'image']: event.output, uploading: null })) },
        onError: { target: 'editing', actions: assign({ uploading: null, error: 'upload' }) },
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
        onError: { target: 'editing', actions: assign({ error: 'create' }) },
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
