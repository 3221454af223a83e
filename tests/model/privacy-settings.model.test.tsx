import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { connect, PRIVACY_FIELDS, privacySettingsMachine, type PrivacyField, type PrivacyValues } from '../../src/machines/privacy-settings'
import { PrivacySwitchList } from '../../src/ui/settings/privacy-switch-list'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof privacySettingsMachine>

const LABELS: Record<PrivacyField, string> = {
  only_friend_call: 'Only friends can call me',
  only_friend_chat: 'Only friends can message me',
  only_friend_invite_topic: 'Only friends can add me to groups and topics',
  sounds: 'Play sounds for calls and messages',
  read_receipts: 'Send and see read receipts',
}

const start: PrivacyValues = { only_friend_call: 1, only_friend_invite_topic: 1, only_friend_chat: 0, sounds: 0, read_receipts: 1 }

/**
 * The switches as the user's actions left them, kept by the test (not read from the machine): the
 * page shows the account's values, a toggle flips its switch at once, a failed save flips it back.
 */
const shownValues = new WeakMap<object, PrivacyValues>()
const valuesOf = (kit: Kit) => shownValues.get(kit.actor) ?? start

const page = ({ screen }: Kit) => screen.getByRole('region', { name: 'Who may reach you' })
const switchOf = (kit: Kit, field: PrivacyField) => within(page(kit)).getByRole('switch', { name: LABELS[field] })
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true'

describeModel({
  machine: privacySettingsMachine,
  input: { values: start },
  // Which switch is saving and which one failed matter; the values are asserted per step.
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, saving: snapshot.context.saving?.field ?? null, failed: snapshot.context.failed }),
  events: {
    TOGGLE: PRIVACY_FIELDS.map((field) => ({ type: 'TOGGLE', field })),
  },
  spyActions: ['fieldSaved'],
  // As /account/privacy shows them.
  render: (snapshot, send) => (
    <section aria-label="Who may reach you">
      <PrivacySwitchList {...connect(snapshot, send)} fields={PRIVACY_FIELDS} />
    </section>
  ),
  perform: {
    TOGGLE: async (event, kit) => {
      const values = valuesOf(kit)
      shownValues.set(kit.actor, { ...values, [event.field]: values[event.field as PrivacyField] === 1 ? 0 : 1 })
      await kit.user.click(switchOf(kit, event.field))
    },
    'xstate.done.actor.saveProfileField': async (_, kit) => {
      const field = kit.previous.context.saving!.field
      await kit.resolve('saveProfileField', { result: true })
      expect(kit.actions.fieldSaved.mock.calls.at(-1)?.[1]).toEqual({ field, value: kit.previous.context.values[field] })
    },
    'xstate.error.actor.saveProfileField': async (_, kit) => {
      const field = kit.previous.context.saving!.field
      const values = valuesOf(kit)
      shownValues.set(kit.actor, { ...values, [field]: values[field] === 1 ? 0 : 1 })
      const savedBefore = kit.actions.fieldSaved.mock.calls.length
      await kit.reject('saveProfileField', new Error('Server Error'))
      expect(kit.actions.fieldSaved).toHaveBeenCalledTimes(savedBefore)
    },
  },
  states: {
    idle: (expected, kit) => {
      // Every switch shows its value (a toggled one at once, before the save answers).
      for (const field of PRIVACY_FIELDS) {
        expect(switchOf(kit, field).getAttribute('aria-checked')).toBe(String(valuesOf(kit)[field] === 1))
        expect(isDisabled(switchOf(kit, field))).toBe(false)
      }
      const failed = expected.context.failed
      if (failed)
        expect(within(page(kit)).getByRole('alert').textContent).toBe(`Could not save “${LABELS[failed]}”. It has been switched back.`)
      else expect(within(page(kit)).queryByRole('alert')).toBeNull()
    },
    saving: (expected, kit) => {
      const { field, previous } = expected.context.saving!
      for (const other of PRIVACY_FIELDS) expect(switchOf(kit, other).getAttribute('aria-checked')).toBe(String(valuesOf(kit)[other] === 1))
      expect(switchOf(kit, field).getAttribute('aria-checked')).toBe(String(previous === 0))
      for (const other of PRIVACY_FIELDS) expect(isDisabled(switchOf(kit, other))).toBe(true)
      expect(within(page(kit)).getByRole('status').textContent).toBe('Saving…')
      // One field per call.
      expect(kit.pending('saveProfileField').input).toEqual({ [field]: previous === 0 ? 1 : 0 })
    },
  },
})
