import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { CUSTOM_EMOJI_MAX_BYTES, SHORTCODE_PATTERN } from '../../../contract/reaction'
import { actorNotProvided } from '../not-provided'
import type {
  ChosenImage,
  CustomEmoji,
  CustomEmojiContext,
  CustomEmojiCreateBody,
  CustomEmojiEvent,
  CustomEmojiInput,
  CustomEmojiPage,
} from './custom-emoji.types'

/**
 * A channel's custom emoji page (/chat/channel/{channel}/emoji): its members see them; its admins
 * add one (a shortcode and a small image: uploaded as a public file, then emoji/create) and delete
 * them.
 *
 * loading -> ready | failed --RETRY--> loading
 * ready.idle --ADD (an admin, a valid shortcode, an image of at most CUSTOM_EMOJI_MAX_BYTES)-->
 *   uploading -> creating -> idle (the emoji joins the list, the form empties) | idle with the
 *   server's message; --DELETE (an admin)--> deleting -> idle (it leaves the list) | idle with the
 *   message. SHORTCODE and IMAGE fill the form while idle.
 */

/** The shortcode as the server keeps it: trimmed, lowercase, without its colons. */
export const normalShortcode = (text: string) => text.trim().toLowerCase().replace(/^:|:$/g, '')

export type ShortcodeProblem = 'pattern' | 'taken' | null

/** What is wrong with the typed shortcode ('' is nothing yet). */
export function shortcodeProblem(text: string, emoji: readonly CustomEmoji[]): ShortcodeProblem {
  const code = normalShortcode(text)
  if (code === '') return null
  if (!SHORTCODE_PATTERN.test(code)) return 'pattern'
  return emoji.some((e) => e.shortcode === code) ? 'taken' : null
}

export const imageTooLarge = (image: ChosenImage | null) => image !== null && image.size > CUSTOM_EMOJI_MAX_BYTES

const notProvided = actorNotProvided('customEmoji')

export const customEmojiMachine = setup({
  types: {
    context: {} as CustomEmojiContext,
    events: {} as CustomEmojiEvent,
    input: {} as CustomEmojiInput,
  },
  actors: {
    /** GET channel/info and GET emoji/custom?channel_id. */
    loadPage: fromPromise<CustomEmojiPage, { channelId: string }>(notProvided('loadPage')),
    /** POST media/upload (acl public): the new media id. */
    uploadImage: fromPromise<string, { file: File }>(notProvided('uploadImage')),
    /** POST emoji/create. */
    createEmoji: fromPromise<CustomEmoji, CustomEmojiCreateBody>(notProvided('createEmoji')),
    /** DELETE emoji/delete. */
    deleteEmoji: fromPromise<unknown, { emojiId: string }>(notProvided('deleteEmoji')),
  },
  guards: {
    isAdmin: ({ context }) => context.page?.isAdmin === true,
    canAdd: ({ context }) =>
      context.page?.isAdmin === true &&
      normalShortcode(context.shortcode) !== '' &&
      shortcodeProblem(context.shortcode, context.page.emoji) === null &&
      context.image !== null &&
      !imageTooLarge(context.image),
  },
  actions: {
    setPage: assign({ page: (_, params: { page: CustomEmojiPage }) => params.page }),
    setShortcode: assign({ shortcode: ({ event }) => (event.type === 'SHORTCODE' ? event.text : '') }),
    setImage: assign({ image: ({ event }) => (event.type === 'IMAGE' ? event.image : null) }),
    clearError: assign({ error: null }),
    setError: assign({
      error: (_, params: { error: unknown }) => (params.error instanceof Error ? params.error.message : String(params.error)),
    }),
    /** The new emoji joins the list (by shortcode) and the form empties. */
    added: assign(({ context }, params: { emoji: CustomEmoji }) => ({
      page: context.page && {
        ...context.page,
        emoji: [...context.page.emoji, params.emoji].sort((a, b) => a.shortcode.localeCompare(b.shortcode)),
      },
      shortcode: '',
      image: null,
      uploadedId: null,
    })),
    setUploaded: assign({ uploadedId: (_, params: { mediaId: string }) => params.mediaId }),
    setDeleting: assign({ deletingId: ({ event }) => (event.type === 'DELETE' ? event.emojiId : null) }),
    removed: assign(({ context }) => ({
      page: context.page && { ...context.page, emoji: context.page.emoji.filter((e) => e._id !== context.deletingId) },
      deletingId: null,
    })),
    clearDeleting: assign({ deletingId: null }),
  },
}).createMachine({
  id: 'customEmoji',
  context: ({ input }) => ({ ...input, page: null, shortcode: '', image: null, uploadedId: null, deletingId: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ channelId: context.channelId }),
        onDone: { target: 'ready', actions: { type: 'setPage', params: ({ event }) => ({ page: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SHORTCODE: { guard: 'isAdmin', actions: 'setShortcode' },
            IMAGE: { guard: 'isAdmin', actions: 'setImage' },
            ADD: { guard: 'canAdd', target: 'uploading', actions: 'clearError' },
            DELETE: { guard: 'isAdmin', target: 'deleting', actions: ['clearError', 'setDeleting'] },
          },
        },
        uploading: {
          invoke: {
            id: 'uploadImage',
            src: 'uploadImage',
            input: ({ context }) => ({ file: context.image!.file }),
            onDone: { target: 'creating', actions: { type: 'setUploaded', params: ({ event }) => ({ mediaId: event.output }) } },
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        creating: {
          invoke: {
            id: 'createEmoji',
            src: 'createEmoji',
            input: ({ context }) => ({
              channel_id: context.channelId,
              shortcode: normalShortcode(context.shortcode),
              media_id: context.uploadedId ?? '',
            }),
            onDone: { target: 'idle', actions: { type: 'added', params: ({ event }) => ({ emoji: event.output }) } },
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteEmoji',
            src: 'deleteEmoji',
            input: ({ context }) => ({ emojiId: context.deletingId ?? '' }),
            onDone: { target: 'idle', actions: 'removed' },
            onError: {
              target: 'idle',
              actions: ['clearDeleting', { type: 'setError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
  },
})

export const customEmojiSampleInput: CustomEmojiInput = { channelId: 'channel-1' }

export type CustomEmojiMachine = typeof customEmojiMachine
export type CustomEmojiActor = ActorRefFrom<CustomEmojiMachine>
export type CustomEmojiSnapshot = SnapshotFrom<CustomEmojiMachine>
