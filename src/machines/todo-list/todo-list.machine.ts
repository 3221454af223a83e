import { and, assertEvent, assign, fromPromise, not, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { PAGE_SIZE } from '../../../contract/common'
import { appendUnique } from '../append-unique'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  Todo,
  TodoChangedPayload,
  TodoFilter,
  TodoListContext,
  TodoListEvent,
  TodoListInput,
  TodoPageInput,
  TodoStatus,
  TodoStatusInput,
} from './todo-list.types'

/**
 * A list of to-dos: a chat's (todo/topic, in its "To-dos" panel) or the reader's own (todo/list,
 * the /todo page), 20 a page, soonest due first, with the status filter tabs.
 *
 *   loading (page 1 of the filter) --done--> ready.idle ; --error--> failed --RETRY--> loading
 *   FILTER [another filter; no status change or delete on its way] --> loading, the list emptied
 *   ready.idle
 *     LOAD_MORE [the last page was full] --> loadingMore --done--> idle, appended (each to-do
 *       once) ; --error--> idle with the reason, the rows kept
 *     STATUS [a listed to-do the reader may move (its creator, an assignee, a chat's admin), another
 *       status] --> updating: the row shows the new status at once; PUT todo/update {status}
 *       --done--> idle with the server's to-do (gone when it no longer fits the filter);
 *       --error--> idle, the row as it was, with the server's message
 *     DELETE [a listed to-do the reader may delete: its creator, or an admin of its chat]
 *       --> confirming --CANCEL--> idle ; --CONFIRM--> deleting --done--> idle, gone ;
 *       --error--> idle with the server's message
 *   ready: CHANGED (socket TODO_CHANGED, or a to-do the reader's dialog saved) merges: a deleted
 *     to-do leaves; a created or updated one that belongs here (the chat's, or the reader's: made by
 *     or assigned to them) and fits the filter replaces its row, or joins in due order; one that no
 *     longer does leaves. Confirming the delete of a to-do that left: the question goes.
 *
 * Pure: the calls are injected promise actors, the clock an input.
 */

/** The to-do fits the filter tab. */
export const fitsFilter = (todo: Todo, filter: TodoFilter) => filter === 'all' || todo.status === filter

/** The to-do is one this list holds: the chat's, or (the reader's list) made by or assigned to the reader. */
export function belongsTo(todo: Todo, list: Pick<TodoListContext, 'topicId' | 'meId'>): boolean {
  if (list.topicId !== null) return todo.topic_id === list.topicId
  return todo.creator._id === list.meId || todo.assignees.some((person) => person._id === list.meId)
}

/** The reader may edit and delete it: its creator, or an admin of the chat this list is of. */
export const mayManage = (todo: Todo, list: Pick<TodoListContext, 'topicId' | 'meId' | 'isAdmin'>) =>
  todo.creator._id === list.meId || (list.isAdmin && list.topicId !== null && todo.topic_id === list.topicId)

/** The reader may move its status: who may manage it, and its assignees. */
export const mayMove = (todo: Todo, list: Pick<TodoListContext, 'topicId' | 'meId' | 'isAdmin'>) =>
  mayManage(todo, list) || todo.assignees.some((person) => person._id === list.meId)

/** A due time to sort by: none sorts last. */
const dueKey = (todo: Todo) => (todo.due_at === null ? Number.POSITIVE_INFINITY : Date.parse(todo.due_at))

/** The list with the to-do put before the first one due later (after those due at the same time or earlier). */
export function insertByDue(items: readonly Todo[], todo: Todo): Todo[] {
  const at = items.findIndex((item) => dueKey(item) > dueKey(todo))
  return at < 0 ? [...items, todo] : [...items.slice(0, at), todo, ...items.slice(at)]
}

/** The items after a TODO_CHANGED (see the machine's comment). */
export function mergeChange(
  items: readonly Todo[],
  { change, todo }: TodoChangedPayload,
  list: Pick<TodoListContext, 'topicId' | 'meId' | 'filter'>,
): Todo[] {
  const listed = items.some((item) => item._id === todo._id)
  const without = () => items.filter((item) => item._id !== todo._id)
  if (change === 'deleted' || !belongsTo(todo, list) || !fitsFilter(todo, list.filter)) return listed ? without() : [...items]
  return listed ? items.map((item) => (item._id === todo._id ? todo : item)) : insertByDue(items, todo)
}

/** The row as it shows while its status change is on its way. */
export const movedTo = (todo: Todo, status: TodoStatus): Todo => ({ ...todo, status, done_at: status === 'done' ? todo.done_at : null })

const notProvided = actorNotProvided('todoList')
const listed = (context: TodoListContext, id: string) => context.items.find((item) => item._id === id)

export const todoListMachine = setup({
  types: {
    context: {} as TodoListContext,
    events: {} as TodoListEvent,
    input: {} as TodoListInput,
  },
  actors: {
    /** GET todo/topic?topic_id&status&page, or todo/list?status&page. */
    loadPage: fromPromise<Todo[], TodoPageInput>(notProvided('loadPage')),
    /** PUT todo/update {todo_id, status}. */
    setStatus: fromPromise<Todo, TodoStatusInput>(notProvided('setStatus')),
    /** DELETE todo/delete {todo_id}. */
    deleteTodo: fromPromise<unknown, { todo_id: string }>(notProvided('deleteTodo')),
  },
  guards: {
    otherFilter: ({ context, event }) => event.type === 'FILTER' && event.filter !== context.filter,
    hasMore: ({ context }) => context.more,
    canMove: ({ context, event }) => {
      if (event.type !== 'STATUS') return false
      const todo = listed(context, event.todoId)
      return todo !== undefined && todo.status !== event.status && mayMove(todo, context)
    },
    canDelete: ({ context, event }) => {
      if (event.type !== 'DELETE') return false
      const todo = listed(context, event.todoId)
      return todo !== undefined && mayManage(todo, context)
    },
    /** The change takes away the to-do whose delete is being asked about. */
    dropsAsked: ({ context, event }) =>
      event.type === 'CHANGED' &&
      event.todo._id === context.deleting &&
      !mergeChange(context.items, event, context).some((item) => item._id === context.deleting),
  },
  actions: {
    setFilter: assign(({ event }) => {
      assertEvent(event, 'FILTER')
      return { filter: event.filter, items: [], pages: 0, more: false, pending: null, deleting: null, error: null }
    }),
    takePage: assign(({ context, event }) => {
      const page = (event as unknown as { output: Todo[] }).output
      return { items: appendUnique(context.items, page), pages: context.pages + 1, more: page.length >= PAGE_SIZE }
    }),
    clearError: assign({ error: null }),
    setError: assign({ error: ({ event }) => errorTextOf(event) }),
    moveRow: assign(({ context, event }) => {
      assertEvent(event, 'STATUS')
      const before = listed(context, event.todoId)!
      return {
        pending: { todoId: event.todoId, status: event.status, before },
        items: context.items.map((item) => (item._id === event.todoId ? movedTo(item, event.status) : item)),
        error: null,
      }
    }),
    takeSaved: assign(({ context, event }) => {
      const saved = (event as unknown as { output: Todo }).output
      return { items: mergeChange(context.items, { change: 'updated', todo: saved }, context), pending: null }
    }),
    rollBack: assign(({ context, event }) => {
      const before = context.pending!.before
      return {
        items: context.items.map((item) => (item._id === before._id ? before : item)),
        pending: null,
        error: errorTextOf(event),
      }
    }),
    askDelete: assign(({ event }) => {
      assertEvent(event, 'DELETE')
      return { deleting: event.todoId, error: null }
    }),
    forgetDelete: assign({ deleting: null }),
    dropDeleted: assign(({ context }) => ({ items: context.items.filter((item) => item._id !== context.deleting), deleting: null })),
    failDelete: assign({ deleting: null, error: ({ event }) => errorTextOf(event) }),
    merge: assign(({ context, event }) => {
      assertEvent(event, 'CHANGED')
      const items = mergeChange(context.items, event, context)
      const pending = context.pending
      // The server's latest of the row being moved: the row shows the status on its way, and a refusal goes back to this.
      if (pending === null || pending.todoId !== event.todo._id || event.change === 'deleted') return { items }
      return {
        items: items.map((item) => (item._id === pending.todoId ? movedTo(event.todo, pending.status) : item)),
        pending: { ...pending, before: event.todo },
      }
    }),
  },
}).createMachine({
  id: 'todoList',
  context: ({ input }) => ({ ...input, filter: 'all', items: [], pages: 0, more: false, pending: null, deleting: null, error: null }),
  initial: 'loading',
  on: {
    FILTER: {
      guard: and(['otherFilter', not(stateIn({ ready: 'updating' })), not(stateIn({ ready: 'deleting' }))]),
      target: '.loading',
      actions: 'setFilter',
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({
          topicId: context.topicId,
          ...(context.filter === 'all' ? {} : { status: context.filter }),
          page: 1,
        }),
        onDone: { target: 'ready', actions: 'takePage' },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      on: { CHANGED: { actions: 'merge' } },
      states: {
        idle: {
          on: {
            LOAD_MORE: { guard: 'hasMore', target: 'loadingMore', actions: 'clearError' },
            STATUS: { guard: 'canMove', target: 'updating', actions: 'moveRow' },
            DELETE: { guard: 'canDelete', target: 'confirming', actions: 'askDelete' },
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({
              topicId: context.topicId,
              ...(context.filter === 'all' ? {} : { status: context.filter }),
              page: context.pages + 1,
            }),
            onDone: { target: 'idle', actions: 'takePage' },
            onError: { target: 'idle', actions: 'setError' },
          },
        },
        updating: {
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => ({ todo_id: context.pending!.todoId, status: context.pending!.status }),
            onDone: { target: 'idle', actions: 'takeSaved' },
            onError: { target: 'idle', actions: 'rollBack' },
          },
        },
        confirming: {
          on: {
            CONFIRM: 'deleting',
            CANCEL: { target: 'idle', actions: 'forgetDelete' },
            CHANGED: { guard: 'dropsAsked', target: 'idle', actions: ['merge', 'forgetDelete'] },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteTodo',
            src: 'deleteTodo',
            input: ({ context }) => ({ todo_id: context.deleting! }),
            onDone: { target: 'idle', actions: 'dropDeleted' },
            onError: { target: 'idle', actions: 'failDelete' },
          },
        },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const todoListSampleInput: TodoListInput = {
  topicId: 'topic-1',
  meId: 'user-1',
  isAdmin: false,
  now: () => Date.parse('2026-11-28T09:00:00Z'),
}

export type TodoListMachine = typeof todoListMachine
export type TodoListActor = ActorRefFrom<TodoListMachine>
export type TodoListSnapshot = SnapshotFrom<TodoListMachine>
