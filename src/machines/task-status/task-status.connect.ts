import type { TaskStatusSnapshot } from './task-status.machine'
import { TASK_ACTIONS, type TaskAction, type TaskStatus, type TaskStatusEvent } from './task-status.types'

export interface TaskActionButton {
  action: TaskAction
  onClick: () => void
}

/** A task's status and the moves the reader may make. */
export interface TaskStatusProps {
  status: TaskStatus
  /** Exactly the moves the statechart takes from here for this reader, in a fixed order. */
  actions: TaskActionButton[]
  /** A move is on its way (to `target`). */
  busy: boolean
  target: TaskStatus | null
  /** The server's reason the last move was refused. */
  error: string | null
}

/** Pure: snapshot and send -> the task status's props and handlers. */
export function connect(snapshot: TaskStatusSnapshot, send: (event: TaskStatusEvent) => void): TaskStatusProps {
  const { event, target, error } = snapshot.context
  return {
    status: event.status ?? 'pending',
    actions: TASK_ACTIONS.filter((action) => snapshot.can({ type: action })).map((action) => ({
      action,
      onClick: () => send({ type: action }),
    })),
    busy: snapshot.matches('moving'),
    target,
    error,
  }
}
