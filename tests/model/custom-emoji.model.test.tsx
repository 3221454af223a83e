import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { CustomEmoji } from '../../contract/reaction'
import { connect, customEmojiMachine, type CustomEmojiPage, type CustomEmojiSnapshot } from '../../src/machines/custom-emoji'
import { CustomEmojiPageView } from '../../src/ui/channel/custom-emoji-page'
import { describeModel, type ModelKit } from './support/run-model'
import { routed } from './support/routed'

type Kit = ModelKit<typeof customEmojiMachine>

const PARTY: CustomEmoji = {
  _id: 'e-party',
  channel_id: 'c-1',
  shortcode: 'party',
  image_url: '/api/media/public/party.png',
  created_at: '2026-11-28T08:00:00.000Z',
}
const PARROT: CustomEmoji = { ...PARTY, _id: 'e-parrot', shortcode: 'parrot', image_url: '/api/media/public/parrot.png' }
const ADMIN_PAGE: CustomEmojiPage = { name: 'Design', isAdmin: true, emoji: [PARTY] }
const MEMBER_PAGE: CustomEmojiPage = { name: 'Design', isAdmin: false, emoji: [PARTY] }
const SMALL = { name: 'parrot.png', size: 2_000 }
const LARGE = { name: 'huge.png', size: 300 * 1024 }

const ctx = (s: CustomEmojiSnapshot) => s.context
const idleAdmin = (s: CustomEmojiSnapshot) => s.matches({ ready: 'idle' }) && ctx(s).page?.isAdmin === true
const form = (kit: Kit) => kit.screen.getByRole('form', { name: 'Add a custom emoji' })
const list = (kit: Kit) => within(kit.screen.getByRole('region', { name: 'Custom emoji' }))
const fileOf = (image: { name: string; size: number }) => new File([new Uint8Array(image.size)], image.name, { type: 'image/png' })

const view = routed(customEmojiMachine, (snapshot, send) => <CustomEmojiPageView {...connect(snapshot, send)} />)

describeModel({
  machine: customEmojiMachine,
  input: { channelId: 'c-1' },
  select: 'coverage',
  contextOf: ({ image, ...rest }) => ({ ...rest, image: image && { name: image.name, size: image.size } }),
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      admin: ctx(s).page?.isAdmin,
      count: ctx(s).page?.emoji.length,
      shortcode: ctx(s).shortcode,
      image: ctx(s).image?.name,
      error: ctx(s).error !== null,
    }),
  events: {
    'xstate.done.actor.loadPage': [
      { type: 'xstate.done.actor.loadPage', output: ADMIN_PAGE },
      { type: 'xstate.done.actor.loadPage', output: MEMBER_PAGE },
    ],
    'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new Error('down') }],
    // A new shortcode (typed with colons and a capital), or one the channel has.
    SHORTCODE: (s) =>
      idleAdmin(s) && ctx(s).shortcode === '' && ctx(s).page!.emoji.length === 1
        ? [
            { type: 'SHORTCODE', text: ':Parrot:' },
            { type: 'SHORTCODE', text: 'party' },
          ]
        : [],
    IMAGE: (s) =>
      idleAdmin(s) && ctx(s).image === null && ctx(s).page!.emoji.length === 1
        ? [
            { type: 'IMAGE', image: { file: fileOf(SMALL), ...SMALL } },
            { type: 'IMAGE', image: { file: fileOf(LARGE), ...LARGE } },
          ]
        : [],
    'xstate.done.actor.uploadImage': [{ type: 'xstate.done.actor.uploadImage', output: 'media-1' }],
    'xstate.error.actor.uploadImage': [{ type: 'xstate.error.actor.uploadImage', error: new Error('This file type is not allowed.') }],
    'xstate.done.actor.createEmoji': [{ type: 'xstate.done.actor.createEmoji', output: PARROT }],
    'xstate.error.actor.createEmoji': [
      { type: 'xstate.error.actor.createEmoji', error: new Error('This channel already has an emoji with that shortcode.') },
    ],
    DELETE: (s) => (idleAdmin(s) && ctx(s).shortcode === '' && ctx(s).image === null ? [{ type: 'DELETE', emojiId: PARTY._id }] : []),
    'xstate.done.actor.deleteEmoji': [{ type: 'xstate.done.actor.deleteEmoji', output: { emoji_id: PARTY._id } }],
    'xstate.error.actor.deleteEmoji': [{ type: 'xstate.error.actor.deleteEmoji', error: new Error('Permission denied') }],
  },
  render: view.render,
  ready: view.ready,
  perform: {
    RETRY: async (_, kit) => kit.user.click(kit.screen.getByRole('button', { name: 'Retry' })),
    SHORTCODE: async (event, kit) => {
      const box = within(form(kit)).getByRole('textbox', { name: 'Shortcode' })
      await kit.user.click(box)
      await kit.user.paste(event.text as string)
    },
    IMAGE: async (event, kit) => {
      const image = event.image as { name: string; size: number }
      const input = within(form(kit)).getByLabelText('Image (PNG, JPEG, GIF or WebP, at most 256 KB)')
      await kit.user.upload(input, fileOf(image))
    },
    ADD: async (_, kit) => kit.user.click(within(form(kit)).getByRole('button', { name: 'Add emoji' })),
    DELETE: async (_, kit) => kit.user.click(list(kit).getByRole('button', { name: 'Delete :party:' })),
  },
  states: {
    loading: (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading custom emoji…')
      expect(kit.pending('loadPage').input).toEqual({ channelId: 'c-1' })
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toContain('Could not load the custom emoji.')
    },
    'ready.idle': (expected, kit) => {
      const page = ctx(expected).page!
      expect(kit.screen.getByRole('heading', { level: 1 }).textContent).toBe('Custom emoji: Design')
      // Not from the machine: the list the test loaded, with what was added or deleted since.
      expect(
        list(kit)
          .queryAllByRole('listitem')
          .map((li) => li.textContent?.replace(/Delete$/, '')),
      ).toEqual(page.emoji.map((e) => `:${e.shortcode}:`))
      if (!page.isAdmin) {
        expect(kit.screen.queryByRole('form', { name: 'Add a custom emoji' })).toBeNull()
        expect(list(kit).queryByRole('button', { name: /^Delete/ })).toBeNull()
        return
      }
      const shortcode = ctx(expected).shortcode
      const box = within(form(kit)).getByRole('textbox', { name: 'Shortcode' })
      expect((box as HTMLInputElement).value).toBe(shortcode)
      const taken = shortcode === 'party'
      expect(box.getAttribute('aria-invalid')).toBe(taken ? 'true' : null)
      if (taken) expect(within(form(kit)).getByText('This channel already has an emoji with that shortcode')).toBeTruthy()
      const large = ctx(expected).image?.name === LARGE.name
      expect(within(form(kit)).queryByText('Choose an image of at most 256 KB.') !== null).toBe(large)
      const addable = shortcode === ':Parrot:' && ctx(expected).image?.name === SMALL.name
      expect((within(form(kit)).getByRole('button', { name: 'Add emoji' }) as HTMLButtonElement).disabled).toBe(!addable)
      if (ctx(expected).error) expect(kit.screen.getByRole('alert').textContent).toBe(ctx(expected).error)
    },
    'ready.uploading': (_, kit) => {
      expect(kit.pending('uploadImage').input).toMatchObject({ file: expect.any(File) })
      expect((within(form(kit)).getByRole('button', { name: 'Add emoji' }) as HTMLButtonElement).disabled).toBe(true)
    },
    'ready.creating': (_, kit) => {
      // The shortcode as the server keeps it: lowercase, without colons; the uploaded image's id.
      expect(kit.pending('createEmoji').input).toEqual({ channel_id: 'c-1', shortcode: 'parrot', media_id: 'media-1' })
    },
    'ready.deleting': (_, kit) => {
      expect(kit.pending('deleteEmoji').input).toEqual({ emojiId: PARTY._id })
      expect(list(kit).getByRole('button', { name: 'Delete :party:' }).textContent).toBe('Deleting…')
    },
  },
})
