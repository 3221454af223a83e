import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { channelFormMachine, channelFormView, type ChannelFormSnapshot, type ChannelTextField } from '../../src/machines/channel-form'
import { CreateChannelDialog } from '../../src/ui/channel-form/create-channel-dialog'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof channelFormMachine>

// Spec section 9: channels a user may administer by plan; an unknown plan gets 1.
const QUOTA: Record<string, number> = { freemium: 1, premium: 5, growth: 100 }
const quotaOf = (plan: string | undefined) => (plan && QUOTA[plan]) || 1

const N75 = 'D'.repeat(75)
const N76 = 'D'.repeat(76)
const LABELS: Record<ChannelTextField, string> = { name: 'Channel name', description: 'Description', password: 'Password' }

/** The spec's rules, restated: name 1..75 (trimmed); a private channel needs a password of 6+. */
const nameOk = (name: string) => name.trim().length > 0 && name.trim().length <= 75
const canCreate = (s: ChannelFormSnapshot) => nameOk(s.context.name) && (s.context.isPublic || s.context.password.length >= 6)

const dialog = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Create channel' })
const field = (kit: Kit, name: ChannelTextField) => within(dialog(kit)).getByLabelText<HTMLInputElement | HTMLTextAreaElement>(LABELS[name])
const button = (kit: Kit, name: string) => within(dialog(kit)).getByRole<HTMLButtonElement>('button', { name })
/** The full exploration runs for a freemium user without channels; the other starts check the quota. */
const explored = (s: ChannelFormSnapshot) => s.context.plan === 'freemium' && s.context.administeredChannels === 0 && s.matches('editing')
const nameClass = (name: string) => (name === '' ? 'empty' : name.trim() === '' ? 'blank' : name === N75 ? '75' : name === N76 ? '76' : 'ok')

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
    const { plan, administeredChannels, name, description, isPublic, password, touched, error } = s.context
    return JSON.stringify({ value: s.value, plan, administeredChannels, name: nameClass(name), description: description !== '', isPublic, password: password === '' ? 'empty' : password.length >= 6 ? 'ok' : 'short', touched, error })
  },
  events: {
    // Three branches from a valid public name: the name's bounds (public, no description), the
    // description and its AI button, the private channel's password. A failed call is retried.
    CHANGE: (s) => {
      if (!explored(s) || s.context.error) return []
      const { name, description, isPublic, password } = s.context
      if (!isPublic) return [{ type: 'CHANGE', field: 'password', value: password === '' ? '12345' : password === '12345' ? '123456' : '' }]
      if (description !== '') return [{ type: 'CHANGE', field: 'description', value: '' }]
      const next: Record<string, string[]> = { empty: ['Design team', '   '], blank: [''], ok: ['', N76], '76': [N75], '75': ['Design team'] }
      return [
        ...next[nameClass(name)].map((value) => ({ type: 'CHANGE', field: 'name', value })),
        ...(name === 'Design team' ? [{ type: 'CHANGE', field: 'description', value: 'Weekly releases' }] : []),
      ]
    },
    SET_PUBLIC: (s) =>
      explored(s) && !s.context.error && s.context.name === 'Design team' && s.context.description === '' && (s.context.isPublic || s.context.password === '')
        ? [{ type: 'SET_PUBLIC', isPublic: !s.context.isPublic }]
        : [],
    GENERATE_DESCRIPTION: (s) => (explored(s) ? [{ type: 'GENERATE_DESCRIPTION' }] : []),
    SUBMIT: (s) => (explored(s) || s.context.plan !== 'freemium' ? [{ type: 'SUBMIT' }] : []),
    'xstate.done.actor.suggestDescription': [{ type: 'xstate.done.actor.suggestDescription', output: 'A channel for weekly releases.' }],
    'xstate.done.actor.createChannel': [{ type: 'xstate.done.actor.createChannel', output: { _id: 'channel-1', name: 'Design team' } }],
  },
  spyActions: ['channelCreated'],
  render: (snapshot, send) => (
    <CreateChannelDialog
      {...channelFormView(snapshot)}
      onChange={(f, value) => send({ type: 'CHANGE', field: f, value })}
      onSetPublic={(isPublic) => send({ type: 'SET_PUBLIC', isPublic })}
      onGenerate={() => send({ type: 'GENERATE_DESCRIPTION' })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      onCancel={() => send({ type: 'CANCEL' })}
    />
  ),
  perform: {
    CHANGE: async (event, kit) => {
      const input = field(kit, event.field)
      await kit.user.clear(input)
      if (event.value) await kit.user.paste(event.value)
    },
    SET_PUBLIC: async (event, kit) => {
      await kit.user.click(within(dialog(kit)).getByRole('radio', { name: event.isPublic ? 'Public' : 'Private' }))
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
      expect(within(dialog(kit)).getByRole('alert').textContent).toBe(`You have reached the number of channels (${limit}), to increase the number please upgrade your account.`)
      expect(within(dialog(kit)).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing')
      expect(within(dialog(kit)).queryByLabelText('Channel name')).toBeNull()
    },
    editing: (expected, kit) => {
      const { name, description, isPublic, password, touched, error, administeredChannels, plan } = expected.context
      expect(administeredChannels).toBeLessThan(quotaOf(plan))
      expect(field(kit, 'name').value).toBe(name)
      expect(field(kit, 'description').value).toBe(description)
      expect(within(dialog(kit)).getByRole<HTMLInputElement>('radio', { name: 'Private' }).checked).toBe(!isPublic)
      const nameMessage = !touched.name || nameOk(name) ? null : name.trim() === '' ? 'Field name is required' : 'The channel name can have at most 75 characters'
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
      if (error === 'create') expect(within(dialog(kit)).getByRole('alert').textContent).toBe('Could not create the channel. Please try again.')
      else if (error === 'generate') expect(within(dialog(kit)).getByRole('alert').textContent).toBe('Could not write a description. Please try again.')
      else expect(within(dialog(kit)).queryByRole('alert')).toBeNull()
    },
    generating: (expected, kit) => {
      expect(button(kit, 'Write with AI').getAttribute('aria-busy')).toBe('true')
      expect(field(kit, 'description').disabled).toBe(true)
      expect(kit.pending('suggestDescription').input).toEqual({ description: expected.context.description })
    },
    creating: (expected, kit) => {
      const { name, description, isPublic, password, useFor } = expected.context
      expect(button(kit, 'Create').getAttribute('aria-busy')).toBe('true')
      expect(button(kit, 'Cancel').disabled).toBe(true)
      expect(kit.pending('createChannel').input).toEqual({ name: name.trim(), description, is_public: isPublic, password: isPublic ? '' : password, ...(useFor ? { use_for: useFor } : {}) })
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
