import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import type { Sender } from '../../contract/message'
import type { Todo } from '../../contract/todo'
import { connect, todoFormMachine, type TodoFormInput, type TodoFormSnapshot } from '../../src/machines/todo-form'
import { TodoDialog } from '../../src/ui/todo/todo-dialog'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The "New to-do" / "Edit to-do" dialog: a new one in a chat (assignees among its members), a
 * personal one (no assignees), and editing a chat's to-do from /todo (its members read first; only
 * the changed fields sent). What each step must show and send is written here from the events.
 */

type Kit = ModelKit<typeof todoFormMachine>
type S = TodoFormSnapshot

const ANN: Sender = { _id: 'u-ann', name: 'Ann', workid: 'ann', photo_url: null }
const BAO: Sender = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
// Due times are local (the field is datetime-local): 17:30 on 1 December 2026, and the to-do's own 09:15 on 30 November.
const DUE = '2026-12-01T17:30'
const DUE_ISO = new Date(2026, 11, 1, 17, 30).toISOString()
const EDITED_DUE = '2026-11-30T09:15'
const TITLE = '  Send the report '
const LONG_TITLE = 'x'.repeat(201)
const NOTE = 'Numbers from Q3'
const EDITED: Todo = {
  _id: 'td-1',
  topic_id: 't-1',
  topic_name: 'Design',
  title: 'Write report',
  note: 'Q3 numbers',
  status: 'todo',
  due_at: new Date(2026, 10, 30, 9, 15).toISOString(),
  creator: ANN,
  assignees: [ANN],
  created_at: '2026-11-28T08:00:00.000Z',
  updated_at: '2026-11-28T08:00:00.000Z',
  done_at: null,
}
const saved = { ...EDITED, _id: 'td-2', title: 'Send the report' }

const INPUTS: Record<string, TodoFormInput> = {
  chat: { clientId: 'client-1', topicId: 't-1', members: [ANN, BAO], todo: null },
  personal: { clientId: 'client-2', topicId: null, members: [], todo: null },
  edit: { clientId: 'client-3', topicId: 't-1', members: null, todo: EDITED },
}

const ctx = (s: S) => s.context
const editing = (s: S) => s.matches('editing')
const mode = (s: S) => (ctx(s).todo ? 'edit' : ctx(s).topicId ? 'chat' : 'personal')
const dialog = ({ screen }: Kit, s: S) => screen.getByRole('dialog', { name: ctx(s).todo ? 'Edit to-do' : 'New to-do' })
const inDialog = (kit: Kit, s: S) => within(dialog(kit, s))
/** What the fields opened with, per start (written here). */
const OPENED = {
  chat: { title: '', note: '', assignees: [] as string[], due: '' },
  personal: { title: '', note: '', assignees: [] as string[], due: '' },
  edit: { title: 'Write report', note: 'Q3 numbers', assignees: ['u-ann'], due: EDITED_DUE },
}

describeModel({
  machine: todoFormMachine,
  inputs: INPUTS,
  select: 'coverage',
  serializeState: (s) => {
    const { title, note, assigneeIds, dueAt, checked, error, members, clientId } = s.context
    return JSON.stringify({ v: s.value, clientId, title, note, a: [...assigneeIds].sort(), dueAt, checked, error, m: members?.length })
  },
  events: {
    // The title: none, a good one (trimmed when sent), one too long.
    TITLE: (s) =>
      !editing(s)
        ? []
        : ctx(s).title === ''
          ? [
              { type: 'TITLE', value: TITLE },
              { type: 'TITLE', value: LONG_TITLE },
            ]
          : [{ type: 'TITLE', value: '' }],
    NOTE: (s) => (!editing(s) ? [] : [{ type: 'NOTE', value: ctx(s).note === NOTE ? '' : NOTE }]),
    // Bao ticked or not, where he is a choice.
    ASSIGNEE: (s) =>
      editing(s) && (ctx(s).members ?? []).some((m) => m._id === BAO._id)
        ? [{ type: 'ASSIGNEE', id: BAO._id, checked: !ctx(s).assigneeIds.includes(BAO._id) }]
        : [],
    DUE: (s) => (!editing(s) ? [] : [{ type: 'DUE', value: ctx(s).dueAt === DUE ? '' : DUE }]),
    'xstate.done.actor.saveTodo': [{ type: 'xstate.done.actor.saveTodo', output: saved }],
    'xstate.error.actor.saveTodo': [{ type: 'xstate.error.actor.saveTodo', error: { message: 'Assignees must be members of this chat.' } }],
    'xstate.done.actor.loadMembers': [{ type: 'xstate.done.actor.loadMembers', output: [ANN, BAO] }],
    'xstate.error.actor.loadMembers': [{ type: 'xstate.error.actor.loadMembers', error: { message: 'Not a member of this chat.' } }],
  },
  spyActions: ['todoSaved'],
  render: (snapshot, send) => <TodoDialog {...connect(snapshot, send)} />,
  perform: {
    TITLE: async (event, kit) => {
      const box = inDialog(kit, kit.previous).getByLabelText<HTMLInputElement>('Title')
      await kit.user.clear(box)
      if (event.value) {
        await kit.user.click(box)
        await kit.user.paste(event.value as string)
      }
    },
    NOTE: async (event, kit) => {
      const box = inDialog(kit, kit.previous).getByLabelText<HTMLTextAreaElement>('Note')
      await kit.user.clear(box)
      if (event.value) {
        await kit.user.click(box)
        await kit.user.paste(event.value as string)
      }
    },
    ASSIGNEE: async (_, kit) => kit.user.click(inDialog(kit, kit.previous).getByRole('checkbox', { name: 'Bao' })),
    DUE: async (event, kit) => {
      fireEvent.change(inDialog(kit, kit.previous).getByLabelText('Due (optional)'), { target: { value: event.value } })
    },
    SUBMIT: async (_, kit) => kit.user.click(inDialog(kit, kit.previous).getByRole('button', { name: 'Save' })),
    CLOSE: async (_, kit) => kit.user.click(inDialog(kit, kit.previous).getByRole('button', { name: 'Cancel' })),
  },
  states: {
    loadingMembers: (expected, kit) => {
      expect(kit.pending('loadMembers').input).toEqual({ topicId: 't-1' })
      expect(inDialog(kit, expected).getByRole('status').textContent).toBe('Loading members…')
      expect(inDialog(kit, expected).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true)
      expect(inDialog(kit, expected).getByLabelText<HTMLInputElement>('Title').value).toBe('Write report')
    },
    editing: (expected, kit) => {
      const c = ctx(expected)
      const d = inDialog(kit, expected)
      expect(d.getByLabelText<HTMLInputElement>('Title').value).toBe(c.title)
      expect(d.getByLabelText<HTMLTextAreaElement>('Note').value).toBe(c.note)
      expect(d.getByLabelText<HTMLInputElement>('Due (optional)').value).toBe(c.dueAt)
      // The assignee choices: the chat's members (only the to-do's own when they could not be read); none for a personal to-do.
      const boxes = d.queryAllByRole<HTMLInputElement>('checkbox')
      const names =
        mode(expected) === 'personal'
          ? []
          : mode(expected) === 'edit' && c.error === 'Not a member of this chat.'
            ? ['Ann']
            : ['Ann', 'Bao']
      expect(boxes.map((box) => box.labels?.[0]?.textContent)).toEqual(names)
      if (mode(expected) === 'personal') expect(d.queryByRole('group', { name: 'Assignees' })).toBeNull()
      for (const box of boxes) {
        const id = box.labels?.[0]?.textContent === 'Ann' ? ANN._id : BAO._id
        expect(box.checked).toBe(c.assigneeIds.includes(id))
      }
      // The field messages show once Save was refused here; written out per case.
      const text = dialog(kit, expected).textContent ?? ''
      expect(text.includes('Write a title')).toBe(c.checked && c.title.trim() === '')
      expect(text.includes('The title can be at most 200 characters')).toBe(c.checked && c.title === LONG_TITLE)
      if (c.error) expect(d.getByRole('alert').textContent).toBe(c.error)
      else expect(d.queryByRole('alert')).toBeNull()
      expect(d.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false)
    },
    saving: (expected, kit) => {
      const c = ctx(expected)
      const bao = c.assigneeIds.includes(BAO._id)
      if (mode(expected) === 'edit') {
        // Only what differs from what the dialog opened with.
        const body: Record<string, unknown> = { todo_id: 'td-1' }
        if (c.title !== OPENED.edit.title) body.title = 'Send the report'
        if (c.note !== OPENED.edit.note) body.note = c.note === NOTE ? NOTE : ''
        if (bao) body.assignee_ids = ['u-ann', 'u-bao']
        if (c.dueAt !== OPENED.edit.due) body.due_at = c.dueAt === DUE ? DUE_ISO : null
        expect(kit.pending('saveTodo').input).toEqual({ kind: 'update', body })
      } else
        expect(kit.pending('saveTodo').input).toEqual({
          kind: 'create',
          body: {
            client_id: mode(expected) === 'chat' ? 'client-1' : 'client-2',
            title: 'Send the report',
            note: c.note === NOTE ? NOTE : '',
            topic_id: mode(expected) === 'chat' ? 't-1' : null,
            assignee_ids: bao ? ['u-bao'] : [],
            due_at: c.dueAt === DUE ? DUE_ISO : null,
          },
        })
      const d = inDialog(kit, expected)
      expect(d.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('true')
      expect(d.getByLabelText<HTMLInputElement>('Title').disabled).toBe(true)
    },
    saved: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.actions.todoSaved).toHaveBeenCalledTimes(1)
      expect(kit.actions.todoSaved.mock.calls[0][1]).toEqual({ todo: saved })
    },
    closed: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.actions.todoSaved).not.toHaveBeenCalled()
      // Closed by Save with nothing changed, or by Cancel: nothing was sent.
      if (kit.previous.matches('editing')) expect(kit.calls.filter((call) => call.id === 'saveTodo' && !call.settled)).toEqual([])
    },
  },
})
