export {
  actionOf,
  rolesOf,
  taskStatusMachine,
  taskStatusSampleInput,
  type TaskStatusActor,
  type TaskStatusMachine,
  type TaskStatusSnapshot,
} from './task-status.machine'
export { connect, type TaskActionButton, type TaskStatusProps } from './task-status.connect'
export { TASK_ACTIONS } from './task-status.types'
export type {
  CalendarEvent,
  CalendarStatusBody,
  TaskAction,
  TaskRole,
  TaskStatus,
  TaskStatusContext,
  TaskStatusEvent,
  TaskStatusInput,
} from './task-status.types'
