import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { TODO_ASSIGNEES_MAX, TODO_NOTE_MAX, TODO_TITLE_MAX } from '../../../contract/todo'
import { todoFormProblems, type TodoFormSnapshot } from './todo-form.machine'
import type { AssigneesProblem, DueProblem, NoteProblem, TitleProblem, TodoFormEvent } from './todo-form.types'

const titleMax = TODO_TITLE_MAX
const noteMax = TODO_NOTE_MAX
const assigneesMax = TODO_ASSIGNEES_MAX

const TITLE_MESSAGES: Record<NonNullable<TitleProblem>, MessageDescriptor> = {
  required: msg`Write a title`,
  tooLong: msg`The title can be at most ${titleMax} characters`,
}
const NOTE_MESSAGES: Record<NonNullable<NoteProblem>, MessageDescriptor> = {
  tooLong: msg`The note can be at most ${noteMax} characters`,
}
const ASSIGNEES_MESSAGES: Record<NonNullable<AssigneesProblem>, MessageDescriptor> = {
  tooMany: msg`Choose at most ${assigneesMax} people`,
}
const DUE_MESSAGES: Record<NonNullable<DueProblem>, MessageDescriptor> = {
  invalid: msg`Enter a date and a time`,
}

export interface TodoAssigneeChoice {
  id: string
  name: string
  checked: boolean
  onChange: (checked: boolean) => void
}

/** The "New to-do" / "Edit to-do" dialog's props and handlers. */
export interface TodoFormProps {
  open: boolean
  /** Editing a to-do (else a new one). */
  editing: boolean
  title: string
  titleError: MessageDescriptor | null
  note: string
  noteError: MessageDescriptor | null
  /** The members to choose from (none for a personal to-do; empty while they load). */
  assignees: TodoAssigneeChoice[]
  /** A chat's to-do: the assignee choices show. */
  inChat: boolean
  assigneesError: MessageDescriptor | null
  /** A datetime-local value, '' for none. */
  dueAt: string
  dueError: MessageDescriptor | null
  /** The chat's members are being read. */
  loading: boolean
  /** The to-do is being saved: the form waits. */
  busy: boolean
  /** The server's reason the last save failed. */
  error: string | null
  onTitle: (value: string) => void
  onNote: (value: string) => void
  onDue: (value: string) => void
  onSubmit: () => void
  onClose: () => void
}

/** Pure: snapshot and send -> the dialog's props and handlers. */
export function connect(snapshot: TodoFormSnapshot, send: (event: TodoFormEvent) => void): TodoFormProps {
  const context = snapshot.context
  const problems = context.checked ? todoFormProblems(context) : null
  return {
    open: snapshot.status === 'active',
    editing: context.todo !== null,
    title: context.title,
    titleError: problems?.title ? TITLE_MESSAGES[problems.title] : null,
    note: context.note,
    noteError: problems?.note ? NOTE_MESSAGES[problems.note] : null,
    inChat: context.topicId !== null,
    assignees:
      context.topicId === null
        ? []
        : (context.members ?? []).map((member) => ({
            id: member._id,
            name: member.name,
            checked: context.assigneeIds.includes(member._id),
            onChange: (checked) => send({ type: 'ASSIGNEE', id: member._id, checked }),
          })),
    assigneesError: problems?.assignees ? ASSIGNEES_MESSAGES[problems.assignees] : null,
    dueAt: context.dueAt,
    dueError: problems?.due ? DUE_MESSAGES[problems.due] : null,
    loading: snapshot.matches('loadingMembers'),
    busy: snapshot.matches('saving'),
    error: context.error,
    onTitle: (value) => send({ type: 'TITLE', value }),
    onNote: (value) => send({ type: 'NOTE', value }),
    onDue: (value) => send({ type: 'DUE', value }),
    onSubmit: () => send({ type: 'SUBMIT' }),
    onClose: () => send({ type: 'CLOSE' }),
  }
}
