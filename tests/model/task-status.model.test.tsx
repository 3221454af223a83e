import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { CalendarEvent, TaskStatus } from '../../contract/calendar'
import type { Sender } from '../../contract/message'
import { connect, taskStatusMachine, type TaskStatusInput, type TaskStatusSnapshot } from '../../src/machines/task-status'
import { TaskStatusView } from '../../src/ui/calendar/task-status-view'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * A task's status as its assignee (Bao) and as its assigner (Ann, who made it) see it. The buttons
 * each must see in each status, and the status each button asks for, are written out here from the
 * spec's task rules (not read from contract's TASK_MOVES, which the machine is built from).
 */

type Kit = ModelKit<typeof taskStatusMachine>
type S = TaskStatusSnapshot

const ANN: Sender = { _id: 'u-ann', name: 'Ann', workid: 'ann', photo_url: null }
const BAO: Sender = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
const TASK: CalendarEvent = {
  _id: 'ev-1',
  kind: 'task',
  type: 'assign_by',
  title: 'Send the report',
  note: '',
  topic_id: null,
  topic_name: null,
  message_id: null,
  start: '2026-11-20T10:00:00.000Z',
  end: null,
  time_zone: 'Asia/Ho_Chi_Minh',
  rrule: null,
  exceptions: [],
  remind_minutes: 15,
  creator: ANN,
  assignees: [BAO],
  status: 'pending',
  created_at: '2026-11-18T09:00:00.000Z',
  updated_at: '2026-11-18T09:00:00.000Z',
}
const with_ = (status: TaskStatus): CalendarEvent => ({ ...TASK, status })

const INPUTS: Record<string, TaskStatusInput> = {
  assignee: { event: TASK, meId: BAO._id },
  assigner: { event: TASK, meId: ANN._id },
}
type Role = 'assignee' | 'assigner'
const roleOf = (s: S): Role => (s.context.meId === BAO._id ? 'assignee' : 'assigner')

/** The buttons, by role and status. */
const BUTTONS: Record<Role, Record<TaskStatus, string[]>> = {
  assignee: {
    pending: ['Accept', 'Reject'],
    todo: ['Start', 'Done'],
    doing: ['Done', 'Failed'],
    done: ['Reopen'],
    failed: ['Reopen'],
    cancel: [],
  },
  assigner: {
    pending: ['Cancel task'],
    todo: ['Cancel task'],
    doing: ['Cancel task'],
    done: ['Reopen'],
    failed: ['Reopen'],
    cancel: ['Reopen'],
  },
}
/** The status a button asks for, by role. */
const ASKS: Record<Role, Record<string, TaskStatus>> = {
  assignee: { ACCEPT: 'todo', REJECT: 'cancel', START: 'doing', DONE: 'done', FAIL: 'failed', REOPEN: 'doing' },
  assigner: { CANCEL_TASK: 'cancel', REOPEN: 'pending' },
}
const NAMES: Record<string, string> = {
  ACCEPT: 'Accept',
  REJECT: 'Reject',
  START: 'Start',
  DONE: 'Done',
  FAIL: 'Failed',
  CANCEL_TASK: 'Cancel task',
  REOPEN: 'Reopen',
}
const STATUS_WORDS: Record<TaskStatus, string> = {
  pending: 'Waiting for acceptance',
  todo: 'To do',
  doing: 'Doing',
  done: 'Done',
  failed: 'Failed',
  cancel: 'Cancelled',
}
const REFUSED = 'Only an assignee can accept this task.'

/** The button clicked last (the moving state checks what it asks for). */
let clicked: string | null = null

const region = (kit: Kit) => within(kit.screen.getByRole('region', { name: 'Task status' }))
const buttons = (kit: Kit) =>
  region(kit)
    .queryAllByRole('button')
    .map((button) => button.textContent)

function statusState(status: TaskStatus) {
  return (expected: S, kit: Kit) => {
    expect(expected.context.event.status).toBe(status)
    expect(region(kit).getByText(STATUS_WORDS[status], { selector: 'span' })).toBeTruthy()
    expect(buttons(kit)).toEqual(BUTTONS[roleOf(expected)][status])
    if (expected.context.error) expect(region(kit).getByRole('alert').textContent).toBe(expected.context.error)
    else expect(region(kit).queryByRole('alert')).toBeNull()
  }
}

describeModel({
  machine: taskStatusMachine,
  inputs: INPUTS,
  select: 'coverage',
  serializeState: (s) => JSON.stringify({ v: s.value, st: s.context.event.status, t: s.context.target, e: s.context.error }),
  events: {
    // The task as it is now: for its assigner, moved on by the assignee (from pending); for the assignee, reopened by its assigner.
    SYNC: (s) =>
      s.matches('moving')
        ? []
        : roleOf(s) === 'assigner'
          ? s.matches('pending')
            ? (['todo', 'doing', 'done', 'failed'] as const).map((status) => ({ type: 'SYNC', event: with_(status) }))
            : []
          : s.matches('pending')
            ? []
            : [{ type: 'SYNC', event: with_('pending') }],
    'xstate.done.actor.setStatus': (s) => [{ type: 'xstate.done.actor.setStatus', output: with_(s.context.target ?? 'pending') }],
    'xstate.error.actor.setStatus': (s) =>
      s.context.target === 'todo' ? [{ type: 'xstate.error.actor.setStatus', error: { message: REFUSED } }] : [],
  },
  render: (snapshot, send) => <TaskStatusView {...connect(snapshot, send)} title="Send the report" />,
  perform: Object.fromEntries(
    Object.entries(NAMES).map(([type, name]) => [
      type,
      async (_: unknown, kit: Kit) => {
        clicked = type
        await kit.user.click(region(kit).getByRole('button', { name }))
      },
    ]),
  ),
  states: {
    pending: statusState('pending'),
    todo: statusState('todo'),
    doing: statusState('doing'),
    done: statusState('done'),
    failed: statusState('failed'),
    cancel: statusState('cancel'),
    moving: (expected, kit) => {
      const asked = ASKS[roleOf(expected)][clicked!]
      expect(asked).toBeDefined()
      expect(kit.pending('setStatus').input).toEqual({ event_id: 'ev-1', status: asked })
      expect(region(kit).getByRole('status').textContent).toBe('Saving…')
      for (const button of region(kit).queryAllByRole<HTMLButtonElement>('button')) expect(button.disabled).toBe(true)
    },
  },
})
