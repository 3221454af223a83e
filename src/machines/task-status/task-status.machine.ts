import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { TASK_MOVES, TASK_STATUSES } from '../../../contract/calendar'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  CalendarEvent,
  CalendarStatusBody,
  TaskAction,
  TaskRole,
  TaskStatus,
  TaskStatusContext,
  TaskStatusEvent,
  TaskStatusInput,
} from './task-status.types'

/**
 * A task's status (spec section 4), its transitions made from contract's TASK_MOVES, each guarded
 * by the reader's role: an assignee accepts (pending -> todo) or rejects (pending -> cancel),
 * starts (todo -> doing), is done (todo or doing -> done), fails (doing -> failed) or reopens their
 * own finished task (done or failed -> doing); the assigner cancels an open one (pending, todo,
 * doing -> cancel) or reopens an ended one (done, failed, cancel -> pending).
 *
 *   <status> --<action> [the reader's role may]--> moving: PUT calendar/status
 *     --done--> the status the server answers ; --error--> the status it was, with the message
 *   <status> --SYNC (the task as it is now)--> its status
 *
 * The buttons shown are the actions the current state takes (connect asks the machine).
 * Pure: the call is an injected promise actor.
 */

/** The button a move is: by its target, and for a cancel by who makes it. */
export function actionOf(from: TaskStatus, to: TaskStatus, role: TaskRole): TaskAction {
  switch (to) {
    case 'todo':
      return 'ACCEPT'
    case 'cancel':
      return role === 'assignee' ? 'REJECT' : 'CANCEL_TASK'
    case 'doing':
      return from === 'todo' ? 'START' : 'REOPEN'
    case 'done':
      return 'DONE'
    case 'failed':
      return 'FAIL'
    case 'pending':
      return 'REOPEN'
  }
}

/** The reader's roles in the task. */
export function rolesOf(event: CalendarEvent, meId: string): TaskRole[] {
  const roles: TaskRole[] = []
  if (event.assignees.some((person) => person._id === meId)) roles.push('assignee')
  if (event.creator._id === meId) roles.push('assigner')
  return roles
}

const ROLES: readonly TaskRole[] = ['assignee', 'assigner']
const GUARD_OF: Record<TaskRole, 'isAssignee' | 'isAssigner'> = { assignee: 'isAssignee', assigner: 'isAssigner' }

/** A guarded move, as the status nodes' `on` takes it (the config's own types are checked by setup's names). */
interface MoveTransition {
  guard: 'isAssignee' | 'isAssigner'
  target: string
  actions: { type: 'aim'; params: { to: TaskStatus } }
}

/** A status's transitions: one per move of TASK_MOVES, on its button's event, guarded by the role that may make it. */
function movesFrom(from: TaskStatus): Partial<Record<TaskAction, MoveTransition[]>> {
  const on: Partial<Record<TaskAction, MoveTransition[]>> = {}
  for (const role of ROLES)
    for (const to of TASK_MOVES[from][role]) {
      const action = actionOf(from, to, role)
      ;(on[action] ??= []).push({ guard: GUARD_OF[role], target: '#taskStatus.moving', actions: { type: 'aim', params: { to } } })
    }
  return on
}

/** The status node's id of a status. */
const nodeOf = (status: TaskStatus) => `#taskStatus.${status}`

const notProvided = actorNotProvided('taskStatus')

export const taskStatusMachine = setup({
  types: {
    context: {} as TaskStatusContext,
    events: {} as TaskStatusEvent,
    input: {} as TaskStatusInput,
  },
  actors: {
    /** PUT calendar/status. */
    setStatus: fromPromise<CalendarEvent, CalendarStatusBody>(notProvided('setStatus')),
  },
  guards: {
    isAssignee: ({ context }) => rolesOf(context.event, context.meId).includes('assignee'),
    isAssigner: ({ context }) => rolesOf(context.event, context.meId).includes('assigner'),
    ...(Object.fromEntries(
      TASK_STATUSES.map((status) => [`is_${status}`, ({ context }: { context: TaskStatusContext }) => context.event.status === status]),
    ) as Record<`is_${TaskStatus}`, (args: { context: TaskStatusContext }) => boolean>),
  },
  actions: {
    aim: assign((_, params: { to: TaskStatus }) => ({ target: params.to, error: null })),
    take: assign(({ event }) => ({ event: (event as unknown as { output: CalendarEvent }).output, target: null })),
    refused: assign(({ event }) => ({ target: null, error: errorTextOf(event) })),
    sync: assign(({ event }) => (event.type === 'SYNC' ? { event: event.event, error: null } : {})),
  },
}).createMachine({
  id: 'taskStatus',
  context: ({ input }) => ({ ...input, target: null, error: null }),
  initial: 'status',
  states: {
    /** Goes to the state of the task's status. */
    status: {
      always: TASK_STATUSES.map((status) => ({ guard: `is_${status}` as const, target: nodeOf(status) })),
    },
    ...(Object.fromEntries(
      TASK_STATUSES.map((status) => [status, { on: { ...movesFrom(status), SYNC: { target: 'status', actions: 'sync' } } }]),
    ) as Record<TaskStatus, object>),
    moving: {
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }) => ({ event_id: context.event._id, status: context.target! }),
        onDone: { target: 'status', actions: 'take' },
        onError: { target: 'status', actions: 'refused' },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const taskStatusSampleInput: TaskStatusInput = {
  meId: 'user-2',
  event: {
    _id: 'event-1',
    kind: 'task',
    type: 'assign_to',
    title: 'Send the Q3 report',
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
    creator: { _id: 'user-1', name: 'Ann', workid: 'ann', photo_url: null },
    assignees: [{ _id: 'user-2', name: 'Bao', workid: 'bao', photo_url: null }],
    status: 'pending',
    created_at: '2026-11-18T09:00:00.000Z',
    updated_at: '2026-11-18T09:00:00.000Z',
  },
}

export type TaskStatusMachine = typeof taskStatusMachine
export type TaskStatusActor = ActorRefFrom<TaskStatusMachine>
export type TaskStatusSnapshot = SnapshotFrom<TaskStatusMachine>
