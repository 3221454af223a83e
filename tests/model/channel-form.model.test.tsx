import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import { channelCreateBody } from '../../contract/channel'
import { channelFormMachine, connect, type ChannelFormSnapshot, type ChannelTextField } from '../../src/machines/channel-form'
import { CreateChannelDialog } from '../../src/ui/channel-form/create-channel-dialog'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof channelFormMachine>

// Channels a user may administer by plan; an unknown plan gets 1.
const QUOTA: Record<string, number> = { freemium: 1, premium: 5, growth: 100 }
const quotaOf = (plan: string | undefined) => (plan && QUOTA[plan]) || 1

const N75 = 'D'.repeat(75)
const N76 = 'D'.repeat(76)
const LABELS: Record<ChannelTextField, string> = {
  name: 'Channel name',
  description: 'Description',
  password: 'Password',
  referralLink: 'Referral link',
}
const SLOT_LABELS = { image: 'Channel image', banner: 'Banner' } as const
/** A picked file; named in JSON so the traversal tells events with different files apart. */
const file = (bytes: number[], name: string, type: string) =>
  Object.assign(new File([new Uint8Array(bytes)], name, { type }), { toJSON: () => name })
const PNG = file([0x89, 0x50, 0x4e, 0x47], 'logo.png', 'image/png')
const JPEG = file([0xff, 0xd8, 0xff], 'cover.jpg', 'image/jpeg')
const GIF = file([0x47, 0x49, 0x46], 'anim.gif', 'image/gif')
const UPLOADED = { _id: 'media-1', url: '/api/media/public/media-1.png' }

/** The spec's rules, restated: name 1..75 (trimmed); a private channel needs a password of 6+. */
const nameOk = (name: string) => name.trim().length > 0 && name.trim().length <= 75
const canCreate = (s: ChannelFormSnapshot) => nameOk(s.context.name) && (s.context.isPublic || s.context.password.length >= 6)

const dialog = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Create channel' })
const field = (kit: Kit, name: ChannelTextField) => within(dialog(kit)).getByLabelText<HTMLInputElement | HTMLTextAreaElement>(LABELS[name])
const button = (kit: Kit, name: string) => within(dialog(kit)).getByRole<HTMLButtonElement>('button', { name })
/** The full exploration runs for a freemium user without channels; the other starts check the quota. */
const explored = (s: ChannelFormSnapshot) => s.context.plan === 'freemium' && s.context.administeredChannels === 0 && s.matches('editing')
/** The optional extras (use, referral link, images) are explored from a valid public name, one at a time. */
const extrasOpen = (s: ChannelFormSnapshot) =>
  explored(s) && !s.context.error && s.context.name === 'Design team' && s.context.description === '' && s.context.isPublic
const noExtras = (s: ChannelFormSnapshot) => !s.context.useFor && s.context.referralLink === '' && !s.context.image && !s.context.banner
const nameClass = (name: string) =>
  name === '' ? 'empty' : name.trim() === '' ? 'blank' : name === N75 ? '75' : name === N76 ? '76' : 'ok'

describeModel({
  machine: channelFormMachine,
  inputs: {
    'freemium, no channel': { plan: 'freemium', administeredChannels: 0 },
    'freemium, 1 channel': { plan: 'freemium', administeredChannels: 1 },
    'premium, 4 channels': { plan: 'premium', administeredChannels: 4, useFor: 'sme' },
    'premium, 5 channels': { plan: 'premium', administeredChannels: 5 },
    'growth, 100 channels': { plan: 'growth', administeredChannels: 100 },
    'unknown plan, 1 channel': { plan: 'enterprise', administeredChannels: 1 },
  },
  select: 'transitions',
  serializeState: (s) => {
    const {
      plan,
      administeredChannels,
      name,
      description,
      isPublic,
      password,
      touched,
      error,
      useFor,
      referralLink,
      image,
      banner,
      uploading,
    } = s.context
    return JSON.stringify({
      value: s.value,
      plan,
      administeredChannels,
      name: nameClass(name),
      description: description !== '',
      isPublic,
      password: password === '' ? 'empty' : password.length >= 6 ? 'ok' : 'short',
      touched,
      error,
      extras: [useFor, referralLink !== '', image !== null, banner !== null, uploading],
    })
  },
  events: {
    // Three branches from a valid public name: the name's bounds (public, no description), the
    // description and its AI button, the private channel's password. A failed call is retried.
    CHANGE: (s) => {
      if (!explored(s) || s.context.error) return []
      const { name, description, isPublic, password } = s.context
      if (!isPublic) return [{ type: 'CHANGE', field: 'password', value: password === '' ? '12345' : password === '12345' ? '123456' : '' }]
      if (description !== '') return [{ type: 'CHANGE', field: 'description', value: '' }]
      const next: Record<string, string[]> = {
        empty: ['Design team', '   '],
        blank: [''],
        ok: ['', N76],
        '76': [N75],
        '75': ['Design team'],
      }
      if (s.context.referralLink !== '') return [{ type: 'CHANGE', field: 'referralLink', value: '' }]
      return [
        ...(noExtras(s) ? next[nameClass(name)].map((value) => ({ type: 'CHANGE', field: 'name', value })) : []),
        ...(name === 'Design team' && noExtras(s)
          ? [
              { type: 'CHANGE', field: 'description', value: 'Weekly releases' },
              { type: 'CHANGE', field: 'referralLink', value: 'https://acme.example/join' },
            ]
          : []),
      ]
    },
    SET_PUBLIC: (s) =>
      explored(s) &&
      noExtras(s) &&
      !s.context.error &&
      s.context.name === 'Design team' &&
      s.context.description === '' &&
      (s.context.isPublic || s.context.password === '')
        ? [{ type: 'SET_PUBLIC', isPublic: !s.context.isPublic }]
        : [],
    SET_USE_FOR: (s) =>
      !extrasOpen(s)
        ? []
        : s.context.useFor
          ? [{ type: 'SET_USE_FOR', useFor: null }]
          : noExtras(s)
            ? [{ type: 'SET_USE_FOR', useFor: 'edu' }]
            : [],
    PICK_IMAGE: (s) =>
      extrasOpen(s) && noExtras(s)
        ? [
            { type: 'PICK_IMAGE', slot: 'image', file: PNG },
            { type: 'PICK_IMAGE', slot: 'banner', file: JPEG },
            { type: 'PICK_IMAGE', slot: 'image', file: GIF },
          ]
        : [],
    REMOVE_IMAGE: (s) =>
      (['image', 'banner'] as const).filter((slot) => s.context[slot] !== null).map((slot) => ({ type: 'REMOVE_IMAGE', slot })),
    'xstate.done.actor.uploadImage': [{ type: 'xstate.done.actor.uploadImage', output: UPLOADED }],
    GENERATE_DESCRIPTION: (s) => (explored(s) ? [{ type: 'GENERATE_DESCRIPTION' }] : []),
    SUBMIT: (s) => (explored(s) || s.context.plan !== 'freemium' ? [{ type: 'SUBMIT' }] : []),
    'xstate.done.actor.suggestDescription': [{ type: 'xstate.done.actor.suggestDescription', output: 'A channel for weekly releases.' }],
    'xstate.done.actor.createChannel': [{ type: 'xstate.done.actor.createChannel', output: { _id: 'channel-1', name: 'Design team' } }],
  },
  spyActions: ['channelCreated'],
  render: (snapshot, send) => <CreateChannelDialog {...connect(snapshot, send)} />,
  perform: {
    CHANGE: async (event, kit) => {
      const input = field(kit, event.field)
      await kit.user.clear(input)
      if (event.value) await kit.user.paste(event.value)
    },
    SET_PUBLIC: async (event, kit) => {
      await kit.user.click(within(dialog(kit)).getByRole('radio', { name: event.isPublic ? 'Public' : 'Private' }))
    },
    SET_USE_FOR: async (event, kit) => {
      await kit.user.selectOptions(within(dialog(kit)).getByLabelText('Used for'), event.useFor ?? '')
    },
    PICK_IMAGE: async (event, kit) => {
      fireEvent.change(within(dialog(kit)).getByLabelText(SLOT_LABELS[event.slot as 'image' | 'banner']), {
        target: { files: [event.file] },
      })
    },
    REMOVE_IMAGE: async (event, kit) => {
      await kit.user.click(button(kit, `Remove ${SLOT_LABELS[event.slot as 'image' | 'banner']}`))
    },
    GENERATE_DESCRIPTION: async (_, kit) => {
      await kit.user.click(button(kit, 'Write with AI'))
    },
    SUBMIT: async (_, kit) => {
      await kit.user.click(button(kit, 'Create'))
    },
    CANCEL: async (_, kit) => {
      await kit.user.click(button(kit, kit.previous.matches('quotaReached') ? 'Close' : 'Cancel'))
    },
  },
  states: {
    quotaReached: (expected, kit) => {
      const limit = quotaOf(expected.context.plan)
      expect(expected.context.administeredChannels).toBeGreaterThanOrEqual(limit)
      expect(within(dialog(kit)).getByRole('alert').textContent).toBe(
        `You have reached the number of channels (${limit}), to increase the number please upgrade your account.`,
      )
      expect(within(dialog(kit)).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing')
      expect(within(dialog(kit)).queryByLabelText('Channel name')).toBeNull()
    },
    editing: (expected, kit) => {
      const { name, description, isPublic, password, touched, error, administeredChannels, plan, referralLink, useFor, image, banner } =
        expected.context
      expect(administeredChannels).toBeLessThan(quotaOf(plan))
      expect(field(kit, 'name').value).toBe(name)
      expect(field(kit, 'description').value).toBe(description)
      expect(field(kit, 'referralLink').value).toBe(referralLink)
      expect(within(dialog(kit)).getByLabelText<HTMLSelectElement>('Used for').value).toBe(useFor ?? '')
      for (const slot of ['image', 'banner'] as const) {
        const chosen = { image, banner }[slot]
        const preview = within(dialog(kit)).queryByRole('img', { name: SLOT_LABELS[slot] })
        expect(preview?.getAttribute('src') ?? null).toBe(chosen?.url ?? null)
      }
      expect(within(dialog(kit)).getByRole<HTMLInputElement>('radio', { name: 'Private' }).checked).toBe(!isPublic)
      const nameMessage =
        !touched.name || nameOk(name)
          ? null
          : name.trim() === ''
            ? 'Field name is required'
            : 'The channel name can have at most 75 characters'
      expect(field(kit, 'name').getAttribute('aria-invalid')).toBe(nameMessage ? 'true' : null)
      if (nameMessage) expect(within(dialog(kit)).getByText(nameMessage)).toBeTruthy()
      if (isPublic) expect(within(dialog(kit)).queryByLabelText('Password')).toBeNull()
      else {
        expect(field(kit, 'password').value).toBe(password)
        expect(within(dialog(kit)).queryByText('Must be at least 6 characters') !== null).toBe(touched.password && password.length < 6)
      }
      // Create is disabled unless the rules hold; the AI button needs a description.
      expect(button(kit, 'Create').disabled).toBe(!canCreate(expected))
      expect(button(kit, 'Write with AI').disabled).toBe(description.trim() === '')
      if (error === 'create')
        expect(within(dialog(kit)).getByRole('alert').textContent).toBe('Could not create the channel. Please try again.')
      else if (error === 'generate')
        expect(within(dialog(kit)).getByRole('alert').textContent).toBe('Could not write a description. Please try again.')
      else if (error === 'upload')
        expect(within(dialog(kit)).getByRole('alert').textContent).toBe('Could not upload the image. Please try again.')
      else if (error === 'imageType') expect(within(dialog(kit)).getByRole('alert').textContent).toBe('Choose a JPEG or PNG image.')
      else expect(within(dialog(kit)).queryByRole('alert')).toBeNull()
    },
    generating: (expected, kit) => {
      expect(button(kit, 'Write with AI').getAttribute('aria-busy')).toBe('true')
      expect(field(kit, 'description').disabled).toBe(true)
      expect(kit.pending('suggestDescription').input).toEqual({ description: expected.context.description })
    },
    uploading: (expected, kit) => {
      expect(within(dialog(kit)).getByRole('status').textContent).toBe('Uploading image…')
      expect(button(kit, 'Create').disabled).toBe(true)
      expect(kit.pending('uploadImage').input).toEqual({ file: expected.context.uploading === 'banner' ? JPEG : PNG })
    },
    creating: (expected, kit) => {
      const { name, description, isPublic, password, useFor, image, banner, referralLink } = expected.context
      expect(button(kit, 'Create').getAttribute('aria-busy')).toBe('true')
      expect(button(kit, 'Cancel').disabled).toBe(true)
      expect(kit.pending('createChannel').input).toEqual({
        name: name.trim(),
        description,
        is_public: isPublic,
        password: isPublic ? '' : password,
        ...(useFor ? { use_for: useFor } : {}),
        ...(image ? { file_id: image._id } : {}),
        ...(banner ? { banner: banner._id } : {}),
        ...(referralLink ? { referral_link: referralLink } : {}),
      })
      // The body is one the server's contract accepts.
      expect(channelCreateBody.safeParse(kit.pending('createChannel').input).success).toBe(true)
    },
    created: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.actions.channelCreated).toHaveBeenCalledTimes(1)
      expect(kit.actions.channelCreated.mock.calls[0][1]).toEqual({ channel: { _id: 'channel-1', name: 'Design team' } })
    },
    cancelled: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.actions.channelCreated).not.toHaveBeenCalled()
    },
  },
})
