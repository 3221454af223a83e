import { expect, vi } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import { connect, scheduledFormMachine, type ScheduledDraft } from '../../src/machines/scheduled-form'
import { ScheduleButton, ScheduleDialog, ScheduledNote } from '../../src/ui/saved/schedule-menu'
import { routed } from './support/routed'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * "Schedule message" beside Send, and a scheduled message's Edit. The reader is in Ho Chi Minh City
 * (UTC+7, no daylight saving) on Wednesday 11 March 2026 at 09:00; the instants below are written
 * by hand: tomorrow at 9:00 is 2026-03-12T02:00Z, Monday at 9:00 is 2026-03-16T02:00Z.
 */

type Kit = ModelKit<typeof scheduledFormMachine>

const NOW = Date.parse('2026-03-11T02:00:00Z')
const TOMORROW = '2026-03-12T02:00:00.000Z'
const MONDAY = '2026-03-16T02:00:00.000Z'
const DRAFT = 'Lunch at noon'
const ITEM: ScheduledDraft = { _id: 's-1', topic_id: 't-2', message: 'Weekly notes', send_at: '2026-03-13T07:30:00.000Z' }
const saved = (sendAt: string, message = DRAFT) => ({
  _id: 's-9',
  client_id: 'c',
  topic_id: 't-1',
  topic_name: 'Team',
  message,
  send_at: sendAt,
  status: 'pending',
  error: null,
  message_id: null,
  created_at: '2026-03-11T02:00:00.000Z',
  updated_at: '2026-03-11T02:00:00.000Z',
})

const view = routed(scheduledFormMachine, (snapshot, send) => {
  const form = connect(snapshot, send)
  return (
    <>
      <ScheduledNote {...form} />
      <ScheduleButton form={form} topicId="t-1" draft={DRAFT} disabled={false} />
      <ScheduleDialog {...form} />
    </>
  )
})
const menu = (kit: Kit) => kit.screen.queryByRole('menu', { name: 'Schedule message' })
const dialog = (kit: Kit) => kit.screen.queryByRole('dialog')
const field = (kit: Kit, name: string) => within(dialog(kit)!).getByLabelText<HTMLInputElement>(name)
const WORDS = {
  invalid: 'Enter a date and a time.',
  past: 'Pick a time in the future.',
  tooFar: 'Pick a time within a year.',
  empty: 'Write the message.',
}

describeModel({
  machine: scheduledFormMachine,
  input: { timeZone: 'Asia/Ho_Chi_Minh', now: () => NOW },
  select: 'transitions',
  serializeState: (s) => {
    const c = s.context
    return JSON.stringify({
      v: s.value,
      m: c.mode,
      t: c.text,
      d: c.date,
      h: c.time,
      at: c.sendAt,
      f: c.fieldError,
      e: c.error,
      l: c.lastSaved?._id,
    })
  },
  events: {
    OPEN_MENU: [{ type: 'OPEN_MENU', topicId: 't-1', text: DRAFT }],
    PRESET: [
      { type: 'PRESET', preset: 'tomorrow' },
      { type: 'PRESET', preset: 'monday' },
    ],
    EDIT: [{ type: 'EDIT', item: ITEM }],
    TEXT: (s) => (s.context.mode === 'edit' && s.context.text !== '' ? [{ type: 'TEXT', value: '' }] : []),
    DATE: (s) => (s.context.date === '2026-03-10' ? [] : [{ type: 'DATE', value: '2026-03-10' }]),
    TIME: (s) => (s.context.time === '' ? [] : [{ type: 'TIME', value: '' }]),
    SUBMIT: [{ type: 'SUBMIT' }],
    DISMISS: (s) => (s.context.lastSaved ? [{ type: 'DISMISS' }] : []),
    'xstate.done.actor.saveScheduled': (s) => [{ type: 'xstate.done.actor.saveScheduled', output: saved(s.context.sendAt ?? TOMORROW) }],
    'xstate.error.actor.saveScheduled': [
      { type: 'xstate.error.actor.saveScheduled', error: new Error('You can have at most 100 scheduled messages waiting.') },
    ],
  },
  spyActions: ['saved'],
  ready: async (kit) => {
    vi.setSystemTime(NOW)
    await view.ready()
    void kit
  },
  render: view.render,
  perform: {
    OPEN_MENU: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Schedule message' }))
    },
    PRESET: async (event, kit) => {
      const preset = (event as unknown as { preset: 'tomorrow' | 'monday' }).preset
      await kit.user.click(
        within(menu(kit)!).getByRole('menuitem', { name: preset === 'tomorrow' ? 'Tomorrow at 9:00' : 'Monday at 9:00' }),
      )
      expect(kit.pending('saveScheduled').input).toEqual({
        mode: 'create',
        topicId: 't-1',
        scheduledId: null,
        text: DRAFT,
        sendAt: preset === 'tomorrow' ? TOMORROW : MONDAY,
      })
    },
    CUSTOM: async (_, kit) => {
      await kit.user.click(within(menu(kit)!).getByRole('menuitem', { name: 'Custom time…' }))
      // It starts from tomorrow at 9:00 in the reader's zone.
      expect([field(kit, 'Date').value, field(kit, 'Time').value]).toEqual(['2026-03-12', '09:00'])
    },
    EDIT: async (event, kit) => {
      await kit.send(event as never)
      // 07:30Z on the 13th is 14:30 in Ho Chi Minh City.
      expect([field(kit, 'Message').value, field(kit, 'Date').value, field(kit, 'Time').value]).toEqual([
        'Weekly notes',
        '2026-03-13',
        '14:30',
      ])
    },
    TEXT: async (_, kit) => {
      fireEvent.change(field(kit, 'Message'), { target: { value: '' } })
    },
    DATE: async (_, kit) => {
      fireEvent.change(field(kit, 'Date'), { target: { value: '2026-03-10' } })
    },
    TIME: async (_, kit) => {
      fireEvent.change(field(kit, 'Time'), { target: { value: '' } })
    },
    SUBMIT: async (_, kit) => {
      const name = kit.previous.context.mode === 'edit' ? 'Save changes' : 'Schedule'
      await kit.user.click(within(dialog(kit)!).getByRole('button', { name }))
    },
    CLOSE: async (_, kit) => {
      if (kit.previous.matches('menu')) await kit.user.click(kit.screen.getByRole('button', { name: 'Schedule message' }))
      else await kit.user.click(within(dialog(kit)!).getByRole('button', { name: 'Cancel' }))
    },
    DISMISS: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Dismiss' }))
    },
    'xstate.done.actor.saveScheduled': async (event, kit) => {
      const output = (event as unknown as { output: unknown }).output
      const mode = kit.previous.context.mode
      await kit.resolve('saveScheduled', output)
      expect(kit.actions.saved!.mock.calls.at(-1)?.[1]).toEqual({ scheduled: output, mode })
    },
    'xstate.error.actor.saveScheduled': async (_, kit) => {
      await kit.reject('saveScheduled', new Error('You can have at most 100 scheduled messages waiting.'))
    },
  },
  states: {
    '*': (expected, kit) => {
      const last = expected.context.lastSaved
      if (last) expect(kit.screen.getByRole('status').textContent).toContain('Message scheduled for ')
      else expect(kit.screen.queryByRole('button', { name: 'Dismiss' })).toBeNull()
    },
    closed: (_, kit) => {
      expect(menu(kit)).toBeNull()
      expect(dialog(kit)).toBeNull()
      expect(kit.screen.getByRole('button', { name: 'Schedule message' }).getAttribute('aria-expanded')).toBe('false')
    },
    menu: (_, kit) => {
      expect(
        within(menu(kit)!)
          .getAllByRole('menuitem')
          .map((b) => b.textContent),
      ).toEqual(['Tomorrow at 9:00', 'Monday at 9:00', 'Custom time…'])
      expect(dialog(kit)).toBeNull()
    },
    custom: (expected, kit) => {
      const c = expected.context
      expect(within(dialog(kit)!).getByRole('heading').textContent).toBe(c.mode === 'edit' ? 'Edit scheduled message' : 'Schedule message')
      expect([field(kit, 'Date').value, field(kit, 'Time').value]).toEqual([c.date, c.time])
      expect(dialog(kit)!.textContent).toContain('Time zone: Asia/Ho Chi Minh')
      const alerts = within(dialog(kit)!)
        .queryAllByRole('alert')
        .map((a) => a.textContent)
      expect(alerts).toEqual([...(c.fieldError ? [WORDS[c.fieldError]] : []), ...(c.error ? [c.error] : [])])
    },
    saving: (expected, kit) => {
      expect(kit.pending('saveScheduled').input).toMatchObject({ mode: expected.context.mode, sendAt: expected.context.sendAt })
    },
  },
})
