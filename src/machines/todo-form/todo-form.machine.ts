import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { TODO_ASSIGNEES_MAX, TODO_NOTE_MAX, TODO_TITLE_MAX } from '../../../contract/todo'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  DueProblem,
  Sender,
  Todo,
  TodoCreateBody,
  TodoFormContext,
  TodoFormEvent,
  TodoFormInput,
  TodoFormProblems,
  TodoFormValues,
  TodoSaveInput,
  TodoUpdateBody,
} from './todo-form.types'

/**
 * The "New to-do" / "Edit to-do" dialog.
 *
 *   loadingMembers (editing a chat's to-do where its members are not known: topic/info)
 *     --done--> editing ; --error--> editing, its assignees the only choices, with the reason
 *   editing
 *     TITLE, NOTE, ASSIGNEE (a member ticked or not), DUE (a local date and time, or none) change it
 *     SUBMIT when the form is bad: the field messages show (from then on): a title of 1 to 200
 *       characters, a note of at most 2000, at most 20 assignees, a due time that is one
 *     SUBMIT editing with nothing changed --> closed (nothing to send)
 *     SUBMIT --> saving: POST todo/create with the dialog's client_id (made once per dialog), or
 *       PUT todo/update with the changed fields only
 *       --done--> saved (injected `todoSaved`) ; --error--> editing with the server's message, every field kept
 *     CLOSE --> closed
 *
 * Pure: the calls are injected promise actors.
 */

const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/

/** A datetime-local value as ms since the epoch (it is local time), or null when it is not one. */
export function dueTimeOf(value: string): number | null {
  if (!DATETIME_LOCAL.test(value)) return null
  const at = new Date(value).getTime()
  return Number.isNaN(at) ? null : at
}

const two = (n: number) => String(n).padStart(2, '0')

/** An ISO time as the datetime-local field shows it, in local time to the minute ('' for none). */
export function localDueOf(iso: string | null): string {
  if (iso === null) return ''
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`
}

/** The field values a to-do opens the dialog with (a new one: empty). */
export function valuesOf(todo: Todo | null): TodoFormValues {
  if (todo === null) return { title: '', note: '', assigneeIds: [], dueAt: '' }
  return {
    title: todo.title,
    note: todo.note,
    assigneeIds: todo.topic_id === null ? [] : todo.assignees.map((person) => person._id),
    dueAt: localDueOf(todo.due_at),
  }
}

export function dueProblem(dueAt: string): DueProblem {
  return dueAt === '' || dueTimeOf(dueAt) !== null ? null : 'invalid'
}

export function todoFormProblems(values: TodoFormValues): TodoFormProblems {
  const title = values.title.trim()
  return {
    title: title === '' ? 'required' : title.length > TODO_TITLE_MAX ? 'tooLong' : null,
    note: values.note.trim().length > TODO_NOTE_MAX ? 'tooLong' : null,
    assignees: values.assigneeIds.length > TODO_ASSIGNEES_MAX ? 'tooMany' : null,
    due: dueProblem(values.dueAt),
  }
}

export const todoIsValid = (problems: TodoFormProblems) => Object.values(problems).every((problem) => problem === null)

const dueIsoOf = (dueAt: string): string | null => {
  const at = dueTimeOf(dueAt)
  return at === null ? null : new Date(at).toISOString()
}

/** The body of POST todo/create for the form as it is. */
export function createBodyOf(context: TodoFormContext): TodoCreateBody {
  return {
    client_id: context.clientId,
    title: context.title.trim(),
    note: context.note.trim(),
    topic_id: context.topicId,
    assignee_ids: context.topicId === null ? [] : [...context.assigneeIds],
    due_at: dueIsoOf(context.dueAt),
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id))

/** The body of PUT todo/update: the fields that differ from what the dialog opened with; null when none does. */
export function updateBodyOf(context: TodoFormContext): TodoUpdateBody | null {
  const { initial } = context
  const changes: Omit<TodoUpdateBody, 'todo_id'> = {}
  if (context.title.trim() !== initial.title.trim()) changes.title = context.title.trim()
  if (context.note.trim() !== initial.note.trim()) changes.note = context.note.trim()
  if (context.topicId !== null && !sameSet(context.assigneeIds, initial.assigneeIds)) changes.assignee_ids = [...context.assigneeIds]
  if (context.dueAt !== initial.dueAt) changes.due_at = dueIsoOf(context.dueAt)
  return Object.keys(changes).length === 0 ? null : { todo_id: context.todo!._id, ...changes }
}

/** The call Save makes for the form as it is. */
export const saveInputOf = (context: TodoFormContext): TodoSaveInput =>
  context.todo === null ? { kind: 'create', body: createBodyOf(context) } : { kind: 'update', body: updateBodyOf(context)! }

const notProvided = actorNotProvided('todoForm')

export const todoFormMachine = setup({
  types: {
    context: {} as TodoFormContext,
    events: {} as TodoFormEvent,
    input: {} as TodoFormInput,
  },
  actors: {
    /** POST todo/create or PUT todo/update. */
    saveTodo: fromPromise<Todo, TodoSaveInput>(notProvided('saveTodo')),
    /** GET topic/info: the chat's members. */
    loadMembers: fromPromise<Sender[], { topicId: string }>(notProvided('loadMembers')),
  },
  guards: {
    membersUnknown: ({ context }) => context.members === null,
    isInvalid: ({ context }) => !todoIsValid(todoFormProblems(context)),
    unchanged: ({ context }) => context.todo !== null && updateBodyOf(context) === null,
  },
  actions: {
    /** Injected: the to-do was saved (it reaches the lists over the socket too). */
    todoSaved: (_, _params: { todo: Todo }) => {},
    setTitle: assign(({ event }) => {
      assertEvent(event, 'TITLE')
      return { title: event.value, error: null }
    }),
    setNote: assign(({ event }) => {
      assertEvent(event, 'NOTE')
      return { note: event.value, error: null }
    }),
    setAssignee: assign(({ context, event }) => {
      assertEvent(event, 'ASSIGNEE')
      const others = context.assigneeIds.filter((id) => id !== event.id)
      return { assigneeIds: event.checked ? [...others, event.id] : others, error: null }
    }),
    setDue: assign(({ event }) => {
      assertEvent(event, 'DUE')
      return { dueAt: event.value, error: null }
    }),
    showProblems: assign({ checked: true, error: null }),
    takeMembers: assign({ members: ({ event }) => (event as unknown as { output: Sender[] }).output }),
    membersFailed: assign(({ context, event }) => ({ members: context.todo?.assignees ?? [], error: errorTextOf(event) })),
    showError: assign({ error: ({ event }) => errorTextOf(event) }),
  },
}).createMachine({
  id: 'todoForm',
  context: ({ input }) => {
    const initial = valuesOf(input.todo)
    const title = input.todo === null && input.draftTitle ? input.draftTitle : initial.title
    return { ...input, ...initial, title, assigneeIds: [...initial.assigneeIds], initial, checked: false, error: null }
  },
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'membersUnknown', target: 'loadingMembers' }, { target: 'editing' }] },
    loadingMembers: {
      invoke: {
        id: 'loadMembers',
        src: 'loadMembers',
        input: ({ context }) => ({ topicId: context.topicId ?? '' }),
        onDone: { target: 'editing', actions: 'takeMembers' },
        onError: { target: 'editing', actions: 'membersFailed' },
      },
      on: { CLOSE: 'closed' },
    },
    editing: {
      on: {
        TITLE: { actions: 'setTitle' },
        NOTE: { actions: 'setNote' },
        ASSIGNEE: { actions: 'setAssignee' },
        DUE: { actions: 'setDue' },
        SUBMIT: [{ guard: 'isInvalid', actions: 'showProblems' }, { guard: 'unchanged', target: 'closed' }, { target: 'saving' }],
        CLOSE: 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'saveTodo',
        src: 'saveTodo',
        input: ({ context }) => saveInputOf(context),
        onDone: { target: 'saved', actions: { type: 'todoSaved', params: ({ event }) => ({ todo: event.output }) } },
        onError: { target: 'editing', actions: 'showError' },
      },
    },
    saved: { type: 'final' },
    closed: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const todoFormSampleInput: TodoFormInput = {
  clientId: 'todo-client-1',
  topicId: 'topic-1',
  members: [
    { _id: 'user-1', name: 'Ann', workid: 'ann', photo_url: null },
    { _id: 'user-2', name: 'Bao', workid: 'bao', photo_url: null },
  ],
  todo: null,
}

export type TodoFormMachine = typeof todoFormMachine
export type TodoFormActor = ActorRefFrom<TodoFormMachine>
export type TodoFormSnapshot = SnapshotFrom<TodoFormMachine>
