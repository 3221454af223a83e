import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import type { CalendarEvent } from '../../contract/calendar'
import type { Sender } from '../../contract/message'
import { connect, reminderFormMachine, type ReminderFormInput, type ReminderFormSnapshot } from '../../src/machines/reminder-form'
import { ReminderDialog, ReminderFormPage } from '../../src/ui/calendar/reminder-form-view'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The reminder form: a new one opened from the chat Design (its members known; a reminder or a
 * task, the chat's or personal), a new personal one (a task: the reader's friends read first), a
 * new one on a channel calendar (always a chat's: Design or Ops chosen; another chat's members are
 * read when it is a task), and editing a weekly task of Design (its members read first; only the changed fields sent). One field
 * is changed at a time from the form as it opened; the bodies each save must send are written out
 * here by hand (the instants from the wall-clock times in Ho Chi Minh City, UTC+7, and London, UTC+0
 * in November).
 */

type Kit = ModelKit<typeof reminderFormMachine>
type S = ReminderFormSnapshot

const ANN: Sender = { _id: 'u-ann', name: 'Ann', workid: 'ann', photo_url: null }
const BAO: Sender = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
const CUONG: Sender = { _id: 'u-cuong', name: 'Cuong', workid: 'cuong', photo_url: null }
const ZONE = 'Asia/Ho_Chi_Minh'
// 09:10 in Ho Chi Minh City on Wednesday 18 November 2026: a new one starts at 10:00 that day.
const NOW = Date.parse('2026-11-18T02:10:00Z')
const TITLE = '  Team standup '
const LONG = 'x'.repeat(201)
const NOTE = 'Bring the numbers'
const WEEKLY_TASK: CalendarEvent = {
  _id: 'ev-1',
  kind: 'task',
  type: 'assign_by',
  title: 'Weekly report',
  note: 'Q3',
  topic_id: 't-1',
  topic_name: 'Design',
  message_id: null,
  // 09:00 on Friday 20 November in Ho Chi Minh City.
  start: '2026-11-20T02:00:00.000Z',
  end: null,
  time_zone: ZONE,
  rrule: 'FREQ=WEEKLY',
  exceptions: [],
  remind_minutes: 5,
  creator: ANN,
  assignees: [BAO],
  status: 'pending',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
}
const SAVED = { ...WEEKLY_TASK, _id: 'ev-2' }
const REFUSED = { message: 'Check the highlighted fields.', fields: { start: ['Choose a time in the future'] } }

const base = { meId: ANN._id, timeZone: ZONE, now: () => NOW, messageId: null }
const INPUTS: Record<string, ReminderFormInput> = {
  chat: { ...base, clientId: 'client-1', event: null, topicId: 't-1', topicName: 'Design', members: [ANN, BAO] },
  personal: { ...base, clientId: 'client-2', event: null, topicId: null, topicName: null, members: null },
  edit: { ...base, clientId: 'client-3', event: WEEKLY_TASK, topicId: null, topicName: null, members: null },
  channel: {
    ...base,
    clientId: 'client-4',
    event: null,
    topicId: 't-1',
    topicName: 'Design',
    members: null,
    chats: [
      { _id: 't-1', name: 'Design' },
      { _id: 't-2', name: 'Ops' },
    ],
  },
}
const CLIENT_IDS = { chat: 'client-1', personal: 'client-2', edit: 'client-3', channel: 'client-4' }

const ctx = (s: S) => s.context
const mode = (s: S) => (ctx(s).event ? 'edit' : ctx(s).chats ? 'channel' : ctx(s).topicId ? 'chat' : 'personal')
const editing = (s: S) => s.matches('editing')
/** The fields as the form opened, per start (written out). */
const OPENED = {
  chat: { title: '', note: '', date: '2026-11-18', time: '10:00', remind: 0, zone: ZONE, repeat: 'none', hasEnd: false },
  personal: { title: '', note: '', date: '2026-11-18', time: '10:00', remind: 0, zone: ZONE, repeat: 'none', hasEnd: false },
  channel: { title: '', note: '', date: '2026-11-18', time: '10:00', remind: 0, zone: ZONE, repeat: 'none', hasEnd: false },
  edit: { title: 'Weekly report', note: 'Q3', date: '2026-11-20', time: '09:00', remind: 5, zone: ZONE, repeat: 'weekly', hasEnd: false },
}
/** Only the title (or nothing) changed since the form opened: one other field may change from here. */
function pristine(s: S): boolean {
  const c = ctx(s)
  const o = OPENED[mode(s)]
  return (
    c.note === o.note &&
    c.time === o.time &&
    c.remind === o.remind &&
    c.timeZone === o.zone &&
    c.repeat === o.repeat &&
    c.hasEnd === o.hasEnd &&
    (mode(s) === 'edit' ? c.assigneeIds.join() === 'u-bao' : c.assigneeIds.length === 0) &&
    c.error === null &&
    !c.checked
  )
}
const fresh = (s: S) => editing(s) && pristine(s) && ctx(s).title === OPENED[mode(s)].title
const CUSTOM = { repeat: 'custom', interval: '2', unit: 'week', weekdays: ['MO', 'WE'], ends: 'count', count: '10' } as const

const form = (kit: Kit) =>
  within(mode(kit.previous) === 'edit' ? kit.screen.getByRole('dialog') : kit.screen.getByRole('form', { name: /^New (reminder|task)$/ }))
const formOf = (kit: Kit, s: S) =>
  within(mode(s) === 'edit' ? kit.screen.getByRole('dialog') : kit.screen.getByRole('form', { name: /^New (reminder|task)$/ }))
const timeLabel = (s: S) => (ctx(s).kind === 'task' ? 'Due time' : 'Time')

describeModel({
  machine: reminderFormMachine,
  inputs: INPUTS,
  select: 'coverage',
  serializeState: (s) => {
    const c = s.context
    return JSON.stringify({
      v: s.value,
      k: c.kind,
      sc: c.scope,
      t: c.title,
      n: c.note,
      tm: c.time,
      e: c.hasEnd,
      r: c.repeat,
      rm: c.remind,
      z: c.timeZone,
      a: [...c.assigneeIds].sort(),
      p: [c.people.chat?.length, c.people.personal?.length],
      to: c.topicId,
      ch: c.checked,
      er: c.error,
    })
  },
  events: {
    KIND: (s) => (fresh(s) && mode(s) !== 'edit' ? [{ type: 'KIND', kind: ctx(s).kind === 'task' ? 'reminder' : 'task' }] : []),
    SCOPE: (s) => (fresh(s) && mode(s) === 'chat' ? [{ type: 'SCOPE', scope: ctx(s).scope === 'chat' ? 'personal' : 'chat' }] : []),
    // The channel's form: Ops instead of Design, once (a reminder, or a task whose Design members were read).
    CHAT: (s) => (fresh(s) && mode(s) === 'channel' && ctx(s).topicId === 't-1' ? [{ type: 'CHAT', topicId: 't-2' }] : []),
    TITLE: (s) =>
      !editing(s) || !pristine(s)
        ? ctx(s).title === '' && editing(s)
          ? [{ type: 'TITLE', value: TITLE }]
          : []
        : ctx(s).title === OPENED[mode(s)].title
          ? [
              { type: 'TITLE', value: TITLE },
              { type: 'TITLE', value: LONG },
            ]
          : [],
    NOTE: (s) => (fresh(s) && ctx(s).kind === 'reminder' && mode(s) === 'chat' ? [{ type: 'NOTE', value: NOTE }] : []),
    START: (s) => (fresh(s) && mode(s) !== 'channel' && ctx(s).scope === ctx(s).initial.scope ? [{ type: 'START', time: '07:30' }] : []),
    END: (s) => (fresh(s) && mode(s) === 'chat' && ctx(s).kind === 'reminder' ? [{ type: 'END', enabled: true, time: '11:30' }] : []),
    REPEAT: (s) =>
      fresh(s) && mode(s) !== 'channel' && ctx(s).kind === ctx(s).initial.kind && ctx(s).scope === ctx(s).initial.scope
        ? [{ type: 'REPEAT', choice: mode(s) === 'edit' ? { repeat: 'none' } : CUSTOM }]
        : [],
    REMIND: (s) => (fresh(s) && mode(s) === 'chat' && ctx(s).kind === 'reminder' ? [{ type: 'REMIND', minutes: 15 }] : []),
    ZONE: (s) => (fresh(s) && mode(s) === 'personal' && ctx(s).kind === 'reminder' ? [{ type: 'ZONE', timeZone: 'Europe/London' }] : []),
    ASSIGNEE: (s) => {
      if (!editing(s) || ctx(s).kind !== 'task' || !pristine(s)) return []
      const person = mode(s) === 'edit' ? ANN : mode(s) === 'personal' ? CUONG : BAO
      return (ctx(s).people[ctx(s).scope] ?? []).some((p) => p._id === person._id) && !ctx(s).assigneeIds.includes(person._id)
        ? [{ type: 'ASSIGNEE', id: person._id, checked: true }]
        : []
    },
    SUBMIT: (s) => (editing(s) && !(ctx(s).checked && ctx(s).title !== '') ? [{ type: 'SUBMIT' }] : []),
    CLOSE: (s) =>
      (editing(s) && ctx(s).title === OPENED[mode(s)].title) || (s.matches('loadingPeople') && mode(s) === 'edit')
        ? [{ type: 'CLOSE' }]
        : [],
    'xstate.done.actor.saveEvent': [{ type: 'xstate.done.actor.saveEvent', output: SAVED }],
    'xstate.error.actor.saveEvent': (s) => (ctx(s).error === null ? [{ type: 'xstate.error.actor.saveEvent', error: REFUSED }] : []),
    'xstate.done.actor.loadPeople': (s) => [
      {
        type: 'xstate.done.actor.loadPeople',
        output: ctx(s).scope === 'personal' ? [BAO, CUONG] : ctx(s).topicId === 't-2' ? [BAO, CUONG] : [ANN, BAO],
      },
    ],
    'xstate.error.actor.loadPeople': (s) =>
      mode(s) === 'edit' ? [{ type: 'xstate.error.actor.loadPeople', error: { message: 'Not a member of this chat.' } }] : [],
  },
  spyActions: ['eventSaved'],
  render: (snapshot, send) => {
    const props = connect(snapshot, send)
    if (!props.open) return null
    return props.editing ? <ReminderDialog {...props} /> : <ReminderFormPage {...props} />
  },
  perform: {
    KIND: async (event, kit) => kit.user.click(form(kit).getByRole('radio', { name: event.kind === 'task' ? 'Task' : 'Reminder' })),
    SCOPE: async (event, kit) =>
      kit.user.click(form(kit).getByRole('radio', { name: event.scope === 'chat' ? 'Everyone in Design' : 'Only me (personal)' })),
    CHAT: async (_, kit) => kit.user.selectOptions(form(kit).getByRole('combobox', { name: 'Chat' }), 'Ops'),
    TITLE: async (event, kit) => {
      const box = form(kit).getByLabelText<HTMLInputElement>('Title')
      await kit.user.clear(box)
      await kit.user.click(box)
      await kit.user.paste(event.value as string)
    },
    NOTE: async (event, kit) => {
      await kit.user.click(form(kit).getByLabelText('Note (optional)'))
      await kit.user.paste(event.value as string)
    },
    START: async (event, kit) => {
      fireEvent.change(form(kit).getByLabelText(timeLabel(kit.previous)), { target: { value: event.time } })
    },
    END: async (event, kit) => {
      await kit.user.click(form(kit).getByRole('checkbox', { name: 'Add an end time' }))
      fireEvent.change(form(kit).getByLabelText('End time'), { target: { value: event.time } })
    },
    REPEAT: async (event, kit) => {
      const f = form(kit)
      const choice = event.choice as { repeat: string }
      if (choice.repeat === 'none') return kit.user.selectOptions(f.getByLabelText('Repeat'), 'Does not repeat')
      await kit.user.selectOptions(f.getByLabelText('Repeat'), 'Custom…')
      const every = form(kit).getByLabelText('Repeat every')
      await kit.user.clear(every)
      await kit.user.type(every, '2')
      await kit.user.click(form(kit).getByRole('checkbox', { name: 'Monday' }))
      await kit.user.click(form(kit).getByRole('checkbox', { name: 'Wednesday' }))
      await kit.user.click(form(kit).getByRole('radio', { name: 'After a number of times' }))
    },
    REMIND: async (_, kit) => kit.user.selectOptions(form(kit).getByLabelText('Remind me'), '15 minutes before'),
    ZONE: async (_, kit) => {
      const zone = form(kit).getByRole('combobox', { name: 'Time zone' })
      await kit.user.clear(zone)
      await kit.user.type(zone, 'london')
      await kit.user.click(kit.screen.getByRole('option', { name: 'Europe/London' }))
    },
    ASSIGNEE: async (event, kit) =>
      kit.user.click(
        within(form(kit).getByRole('group', { name: 'Assignees' })).getByRole('checkbox', {
          name: [ANN, BAO, CUONG].find((p) => p._id === event.id)!.name,
        }),
      ),
    SUBMIT: async (_, kit) => kit.user.click(form(kit).getByRole('button', { name: 'Save' })),
    CLOSE: async (_, kit) => kit.user.click(form(kit).getByRole('button', { name: 'Cancel' })),
  },
  states: {
    loadingPeople: (expected, kit) => {
      const c = ctx(expected)
      expect(kit.pending('loadPeople').input).toEqual({ scope: c.scope, topicId: c.scope === 'chat' ? c.topicId : null })
      expect(within(formOf(kit, expected).getByRole('group', { name: 'Assignees' })).getByRole('status').textContent).toBe(
        'Loading people…',
      )
      expect(formOf(kit, expected).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true)
      // Its chat stays while the people are read.
      if (mode(expected) === 'channel')
        expect(formOf(kit, expected).getByRole<HTMLSelectElement>('combobox', { name: 'Chat' }).disabled).toBe(true)
    },
    editing: (expected, kit) => {
      const c = ctx(expected)
      const f = formOf(kit, expected)
      if (mode(expected) === 'edit') expect(kit.screen.getByRole('heading', { name: 'Edit task' })).toBeTruthy()
      expect(f.getByLabelText<HTMLInputElement>('Title').value).toBe(c.title)
      expect(f.getByLabelText<HTMLTextAreaElement>('Note (optional)').value).toBe(c.note)
      expect(f.getByLabelText<HTMLInputElement>(c.kind === 'task' ? 'Due date' : 'Date').value).toBe(c.date)
      expect(f.getByLabelText<HTMLInputElement>(timeLabel(expected)).value).toBe(c.time)
      expect(f.getByRole<HTMLInputElement>('combobox', { name: 'Time zone' }).value).toBe(c.timeZone.replace(/_/g, ' '))
      expect(f.getByLabelText<HTMLSelectElement>('Remind me').value).toBe(String(c.remind))
      expect(f.getByLabelText<HTMLSelectElement>('Repeat').value).toBe(c.repeat)
      // Kind and scope are chosen on a new one only (scope: opened from a chat).
      expect(f.queryAllByRole('radio', { name: 'Task' })).toHaveLength(mode(expected) === 'edit' ? 0 : 1)
      expect(f.queryAllByRole('radio', { name: 'Only me (personal)' })).toHaveLength(mode(expected) === 'chat' ? 1 : 0)
      // The channel's form: the chat it goes in, among the channel's (always the chat's).
      const picker = f.queryByRole<HTMLSelectElement>('combobox', { name: 'Chat' })
      if (mode(expected) !== 'channel') expect(picker).toBeNull()
      else {
        expect(picker!.value).toBe(c.topicId)
        expect([...picker!.options].map((option) => option.textContent)).toEqual(['Design', 'Ops'])
        expect(picker!.disabled).toBe(false)
        expect(f.getByText(`Everyone in ${c.topicName} sees it.`)).toBeTruthy()
      } // The repeat in words: the custom one here, or the edited task's weekly one.
      const words =
        c.repeat === 'custom'
          ? 'Repeats: Every 2 weeks on Monday, Wednesday, 10 times'
          : c.repeat === 'weekly'
            ? 'Repeats: Every week'
            : null
      if (words) expect(f.getByText(words)).toBeTruthy()
      else expect(f.queryByText(/^Repeats:/)).toBeNull()
      // A task's people: the chat's members, the reader's friends, or (read failed) those assigned already.
      const group = f.queryByRole('group', { name: 'Assignees' })
      if (c.kind !== 'task') expect(group).toBeNull()
      else {
        const names = within(group!)
          .queryAllByRole<HTMLInputElement>('checkbox')
          .map((box) => `${box.labels?.[0]?.textContent}:${box.checked}`)
        const people =
          mode(expected) === 'edit' && c.error === 'Not a member of this chat.'
            ? [BAO]
            : c.scope === 'chat' && c.topicId !== 't-2'
              ? [ANN, BAO]
              : [BAO, CUONG]
        expect(names).toEqual(people.map((p) => `${p.name}:${c.assigneeIds.includes(p._id)}`))
      }
      // Field messages once Save was refused here, written out; the server's under its field.
      const text = kit.screen.getByRole(mode(expected) === 'edit' ? 'dialog' : 'form').textContent ?? ''
      expect(text.includes('Write a title')).toBe(c.checked && c.title.trim() === '')
      expect(text.includes('The title can be at most 200 characters')).toBe(c.checked && c.title === LONG)
      expect(text.includes('Assign the task to someone')).toBe(c.checked && c.kind === 'task' && c.assigneeIds.length === 0)
      expect(text.includes('Choose a time in the future')).toBe(c.error === REFUSED.message)
      if (c.error) expect(kit.screen.getByRole('alert').textContent).toBe(c.error)
      else expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    saving: (expected, kit) => {
      const c = ctx(expected)
      const o = OPENED[mode(expected)]
      if (mode(expected) === 'edit') {
        const body: Record<string, unknown> = { event_id: 'ev-1' }
        if (c.title !== o.title) body.title = 'Team standup'
        if (c.time !== o.time) body.start = '2026-11-20T00:30:00.000Z'
        if (c.repeat !== o.repeat) body.rrule = null
        if (c.assigneeIds.length > 1) body.assignee_ids = ['u-bao', 'u-ann']
        expect(kit.pending('saveEvent').input).toEqual({ kind: 'update', body })
      } else {
        const start =
          c.timeZone === 'Europe/London'
            ? '2026-11-18T10:00:00.000Z'
            : c.time === '07:30'
              ? '2026-11-18T00:30:00.000Z'
              : '2026-11-18T03:00:00.000Z'
        expect(kit.pending('saveEvent').input).toEqual({
          kind: 'create',
          body: {
            client_id: CLIENT_IDS[mode(expected)],
            kind: c.kind,
            title: 'Team standup',
            note: c.note === NOTE ? NOTE : '',
            topic_id: c.scope === 'chat' ? c.topicId : null,
            message_id: null,
            start,
            end: c.hasEnd ? '2026-11-18T04:30:00.000Z' : null,
            time_zone: c.timeZone,
            rrule: c.repeat === 'custom' ? 'FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2;COUNT=10' : null,
            remind_minutes: c.remind,
            assignee_ids: c.kind === 'task' ? [mode(expected) === 'personal' ? 'u-cuong' : 'u-bao'] : [],
          },
        })
      }
      const save = formOf(kit, expected).getByRole('button', { name: 'Save' })
      expect(save.getAttribute('aria-busy')).toBe('true')
      expect(formOf(kit, expected).getByLabelText<HTMLInputElement>('Title').disabled).toBe(true)
    },
    saved: (_, kit) => {
      expect(kit.screen.queryByRole('form')).toBeNull()
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.actions.eventSaved).toHaveBeenCalledTimes(1)
      expect(kit.actions.eventSaved.mock.calls[0][1]).toEqual({ event: SAVED })
    },
    closed: (_, kit) => {
      expect(kit.screen.queryByRole('form')).toBeNull()
      expect(kit.actions.eventSaved).not.toHaveBeenCalled()
      if (kit.previous.matches('editing')) expect(kit.calls.filter((call) => call.id === 'saveEvent' && !call.settled)).toEqual([])
    },
  },
})
