import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { connect, remindMeMachine, type RemindTarget } from '../../src/machines/remind-me'
import { RemindMeDialog } from '../../src/ui/saved/remind-me-dialog'
import { routed } from './support/routed'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * "Remind me about this message": the quick times make a reminder about the message in one
 * request, then say when it fires with a link to it; "Pick a date and time…" opens the reminder
 * form about the message instead; Cancel or Close closes.
 */

type Kit = ModelKit<typeof remindMeMachine>

const TARGET: RemindTarget = { messageId: 'm-9', topicId: 't-1', title: 'Review the budget' }
const OTHER: RemindTarget = { messageId: 'm-10', topicId: 't-1', title: 'Book the room' }
const START = '2026-03-11T10:30:00.000Z'
/** The local HH:mm DD/MM of START, worked out without the view's date library. */
const startLocal = (() => {
  const d = new Date(START)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(d.getHours())}:${two(d.getMinutes())} ${two(d.getDate())}/${two(d.getMonth() + 1)}`
})()
const NAMES = { '20m': 'In 20 minutes', '1h': 'In 1 hour', '2h': 'In 2 hours', tomorrow: 'Tomorrow at 9:00' } as const
const view = routed(remindMeMachine, (snapshot, send) => <RemindMeDialog {...connect(snapshot, send)} />)
const dialog = (kit: Kit) => kit.screen.queryByRole('dialog', { name: 'Remind me about this message' })

describeModel({
  machine: remindMeMachine,
  serializeState: (s) =>
    JSON.stringify({ v: s.value, t: s.context.target?.messageId, p: s.context.preset, c: s.context.created, e: s.context.error }),
  events: {
    OPEN: (s) => [{ type: 'OPEN', target: s.matches('created') ? OTHER : TARGET }],
    PICK: (s) => (s.context.error ? [{ type: 'PICK', preset: '20m' }] : [{ type: 'PICK', preset: 'tomorrow' }]),
    'xstate.done.actor.createReminder': [{ type: 'xstate.done.actor.createReminder', output: { _id: 'ev-1', start: START } }],
    'xstate.error.actor.createReminder': [{ type: 'xstate.error.actor.createReminder', error: new Error('Pick a time in the future.') }],
  },
  spyActions: ['openCustom'],
  render: view.render,
  ready: view.ready,
  perform: {
    OPEN: async (event, kit) => {
      await kit.send(event as never)
    },
    PICK: async (event, kit) => {
      const preset = (event as unknown as { preset: keyof typeof NAMES }).preset
      await kit.user.click(within(dialog(kit)!).getByRole('button', { name: NAMES[preset] }))
      expect(kit.pending('createReminder').input).toEqual({ target: kit.previous.context.target, preset })
    },
    CUSTOM: async (_, kit) => {
      const target = kit.previous.context.target
      await kit.user.click(within(dialog(kit)!).getByRole('button', { name: 'Pick a date and time…' }))
      // The reminder form opens about the same message.
      expect(kit.actions.openCustom!.mock.calls.at(-1)?.[1]).toEqual({ target })
    },
    CLOSE: async (_, kit) => {
      const name = kit.previous.matches('created') ? 'Close' : 'Cancel'
      await kit.user.click(within(dialog(kit)!).getByRole('button', { name }))
    },
    'xstate.done.actor.createReminder': async (_, kit) => {
      await kit.resolve('createReminder', { _id: 'ev-1', start: START })
    },
    'xstate.error.actor.createReminder': async (_, kit) => {
      await kit.reject('createReminder', new Error('Pick a time in the future.'))
    },
  },
  states: {
    closed: (_, kit) => {
      expect(dialog(kit)).toBeNull()
    },
    choosing: (expected, kit) => {
      const d = dialog(kit)!
      expect(d.textContent).toContain(expected.context.target!.title)
      const choices = within(within(d).getByRole('list', { name: 'When to remind you' }))
        .getAllByRole('button')
        .map((b) => b.textContent)
      expect(choices).toEqual(['In 20 minutes', 'In 1 hour', 'In 2 hours', 'Tomorrow at 9:00', 'Pick a date and time…', 'Cancel'])
      if (expected.context.error) expect(within(d).getByRole('alert').textContent).toBe(expected.context.error)
      else expect(within(d).queryByRole('alert')).toBeNull()
    },
    creating: (expected, kit) => {
      const d = dialog(kit)!
      const busy = within(d).getByRole<HTMLButtonElement>('button', { name: NAMES[expected.context.preset!] })
      expect(busy.getAttribute('aria-busy')).toBe('true')
      for (const name of Object.values(NAMES)) expect(within(d).getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(true)
    },
    created: (_, kit) => {
      const d = dialog(kit)!
      expect(within(d).getByRole('status').textContent).toBe(`Reminder set for ${startLocal}.`)
      expect(within(d).getByRole('link', { name: 'View reminder' }).getAttribute('href')).toBe('/calendar/ev-1')
    },
  },
})
