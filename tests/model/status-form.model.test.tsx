import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import { connect, statusFormMachine } from '../../src/machines/status-form'
import { StatusFormView } from '../../src/ui/presence/status-form-view'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof statusFormMachine>

const current = { emoji: '🌴', text: 'On holiday', expires_at: null }

/** The rule the form follows, written from the product's words: an emoji, words, and a date when "Choose a date" is picked. */
const ready = (c: { emoji: string; text: string; expiry: string; date: string }) =>
  c.emoji.trim() !== '' && c.text.trim() !== '' && (c.expiry !== 'date' || c.date !== '')

const dialog = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Set a status' })
const field = (kit: Kit, name: string) => within(dialog(kit)).getByRole<HTMLInputElement>('textbox', { name })
const saveButton = (kit: Kit) => within(dialog(kit)).getByRole<HTMLButtonElement>('button', { name: 'Save status' })
const clearAfter = (kit: Kit) => within(dialog(kit)).getByRole<HTMLSelectElement>('combobox', { name: 'Clear after' })

describeModel({
  machine: statusFormMachine,
  input: { current },
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      ready: ready(s.context),
      error: s.context.error !== null,
      pickingDate: s.context.expiry === 'date',
    }),
  // A field is changed only to something else (the same value again is no input).
  events: {
    TEXT: (s) => (s.context.text ? [{ type: 'TEXT', value: '' }] : []),
    EMOJI: (s) => (s.context.emoji ? [{ type: 'EMOJI', value: '' }] : []),
    PRESET: (s) =>
      s.context.emoji === '📅' && s.context.text === 'In a meeting' ? [] : [{ type: 'PRESET', emoji: '📅', text: 'In a meeting' }],
    EXPIRY: (s) => (['date', '1h'] as const).filter((v) => v !== s.context.expiry).map((value) => ({ type: 'EXPIRY', value })),
    DATE: (s) => (s.context.expiry === 'date' && s.context.date === '' ? [{ type: 'DATE', value: '2026-12-24' }] : []),
    'xstate.error.actor.saveStatus': [{ type: 'xstate.error.actor.saveStatus', error: new Error('Pick a time in the future.') }],
    'xstate.error.actor.clearStatus': [{ type: 'xstate.error.actor.clearStatus', error: new Error('Server Error') }],
  },
  spyActions: ['statusSaved'],
  render: (snapshot, send) => <StatusFormView open onClose={() => {}} {...connect(snapshot, send)} />,
  perform: {
    TEXT: async (event, kit) => {
      fireEvent.change(field(kit, 'What’s your status?'), { target: { value: (event as unknown as { value: string }).value } })
    },
    EMOJI: async (event, kit) => {
      fireEvent.change(field(kit, 'Emoji'), { target: { value: (event as unknown as { value: string }).value } })
    },
    PRESET: async (_, kit) => {
      await kit.user.click(within(dialog(kit)).getByRole('button', { name: '📅 In a meeting' }))
    },
    EXPIRY: async (event, kit) => {
      await kit.user.selectOptions(clearAfter(kit), (event as unknown as { value: string }).value)
    },
    DATE: async (event, kit) => {
      fireEvent.change(within(dialog(kit)).getByLabelText('Clear on'), { target: { value: (event as unknown as { value: string }).value } })
    },
    SAVE: async (_, kit) => {
      await kit.user.click(saveButton(kit))
    },
    CLEAR: async (_, kit) => {
      await kit.user.click(within(dialog(kit)).getByRole('button', { name: 'Clear status' }))
    },
    'xstate.done.actor.saveStatus': async (_, kit) => {
      await kit.resolve('saveStatus', current)
    },
    'xstate.error.actor.saveStatus': async (_, kit) => {
      await kit.reject('saveStatus', new Error('Pick a time in the future.'))
    },
    'xstate.done.actor.clearStatus': async (_, kit) => {
      await kit.resolve('clearStatus', { cleared: true })
    },
    'xstate.error.actor.clearStatus': async (_, kit) => {
      await kit.reject('clearStatus', new Error('Server Error'))
    },
  },
  states: {
    editing: (expected, kit) => {
      const c = expected.context
      expect(field(kit, 'Emoji').value).toBe(c.emoji)
      expect(field(kit, 'What’s your status?').value).toBe(c.text)
      expect(clearAfter(kit).value).toBe(c.expiry)
      expect(within(dialog(kit)).queryByLabelText('Clear on') !== null).toBe(c.expiry === 'date')
      expect(saveButton(kit).disabled).toBe(!ready(c))
      expect(within(dialog(kit)).getByRole<HTMLButtonElement>('button', { name: 'Clear status' }).disabled).toBe(false)
      if (c.error) expect(within(dialog(kit)).getByRole('alert').textContent).toContain(c.error)
      else expect(within(dialog(kit)).queryByRole('alert')).toBeNull()
      expect(kit.actions.statusSaved).not.toHaveBeenCalled()
    },
    saving: (expected, kit) => {
      const c = expected.context
      expect(kit.pending('saveStatus').input).toEqual({ emoji: c.emoji.trim(), text: c.text.trim(), expiry: c.expiry, date: c.date })
      expect(saveButton(kit).disabled).toBe(true)
      expect(field(kit, 'Emoji').disabled).toBe(true)
    },
    clearing: (_, kit) => {
      expect(kit.pending('clearStatus')).toBeTruthy()
      expect(within(dialog(kit)).getByRole<HTMLButtonElement>('button', { name: 'Clear status' }).disabled).toBe(true)
    },
    done: (_, kit) => {
      expect(kit.actions.statusSaved).toHaveBeenCalledTimes(1)
    },
  },
})
