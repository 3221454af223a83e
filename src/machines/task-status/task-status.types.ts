import type { CalendarEvent, CalendarStatusBody, TaskRole, TaskStatus } from '../../../contract/calendar'

export type { CalendarEvent, CalendarStatusBody, TaskRole, TaskStatus }

/** The moves a task's buttons make, by their words: Accept, Reject, Start, Done, Failed, Cancel task, Reopen. */
export const TASK_ACTIONS = ['ACCEPT', 'REJECT', 'START', 'DONE', 'FAIL', 'CANCEL_TASK', 'REOPEN'] as const
export type TaskAction = (typeof TASK_ACTIONS)[number]

export interface TaskStatusInput {
  /** The task (kind 'task'). */
  event: CalendarEvent
  /** The reader: an assignee, its assigner (creator), both, or neither (a chat member who sees it). */
  meId: string
}

export interface TaskStatusContext extends TaskStatusInput {
  /** The status being set (calendar/status on its way). */
  target: TaskStatus | null
  /** The server's reason the last move was refused. */
  error: string | null
}

export type TaskStatusEvent =
  | { type: TaskAction }
  /** The task as it is now (socket CALENDAR_CHANGED, or its detail read again). */
  | { type: 'SYNC'; event: CalendarEvent }
