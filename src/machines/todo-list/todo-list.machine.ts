import {
  and,
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  not,
  sendTo,
  setup,
  stateIn,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import {
  canLoadMore,
  editedItems,
  insertedAt,
  isIdle,
  isShown,
  loadingList,
  newFailure,
  pagedListChild,
  withEdit,
  type ItemEdit,
  type PagedList,
} from '../paged-list'
import type {
  Todo,
  TodoChangedPayload,
  TodoFilter,
  TodoListContext,
  TodoListEvent,
  TodoListInput,
  TodoQuery,
  TodoStatus,
  TodoStatusInput,
} from './todo-list.types'

/**
 * A list of to-dos: a chat's (todo/topic, in its "To-dos" panel) or the reader's own (todo/list,
 * the /todo page), 20 a page, soonest due first, with the status filter tabs. The pages are its
 * paged list's (the child `list`: loading, Retry, Load more, each to-do once); this machine keeps
 * the list it reports and tells it each change to a row.
 *
 *   listing: the list of the filter (page 1 loading; failed: RETRY asks again)
 *   FILTER [another filter; no status change or delete on its way] --> listing again: a new list
 *     of that filter from page 1, emptied
 *   listing.idle, the list shown with no page on its way:
 *     LOAD_MORE [the last page was full] --> the list loads the next page (a failure: its reason)
 *     STATUS [a listed to-do the reader may move (its creator, an assignee, a chat's admin), another
 *       status] --> updating: the row shows the new status at once; PUT todo/update {status}
 *       --done--> idle with the server's to-do (gone when it no longer fits the filter);
 *       --error--> idle, the row as it was, with the server's message
 *     DELETE [a listed to-do the reader may delete: its creator, or an admin of its chat]
 *       --> confirming --CANCEL--> idle ; --CONFIRM--> deleting --done--> idle, gone ;
 *       --error--> idle with the server's message
 *   listing: CHANGED [the list shown] (socket TODO_CHANGED, or a to-do the reader's dialog saved)
 *     merges: a deleted to-do leaves; a created or updated one that belongs here (the chat's, or
 *     the reader's: made by or assigned to them) and fits the filter replaces its row, or joins in
 *     due order; one that no longer does leaves. Confirming the delete of a to-do that left: the
 *     question goes.
 *   REFRESH (the socket connected again: TODO_CHANGED may have been missed meanwhile): the list
 *     loads the filter's page 1 again behind the rows shown (loading or failed: from page 1,
 *     emptied). A status change on its way is not cut short: its row keeps showing the new status
 *     whatever the pages bring, until the server answers.
 *
 * Pure: the pages, status change and delete are injected actors, the clock an input.
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

/** Where the to-do goes in due order: before the first one due later (after those due at the same time or earlier). */
export function dueIndex(items: readonly Todo[], todo: Todo): number {
  const at = items.findIndex((item) => dueKey(item) > dueKey(todo))
  return at < 0 ? items.length : at
}

/** The list with the to-do put in due order. */
export const insertByDue = (items: readonly Todo[], todo: Todo): Todo[] => insertedAt(items, todo, dueIndex(items, todo))

/** What a TODO_CHANGED does to the rows shown (see the machine's comment): the list's edit, or none. */
export function changeOf(
  items: readonly Todo[],
  { change, todo }: TodoChangedPayload,
  list: Pick<TodoListContext, 'topicId' | 'meId' | 'filter'>,
): ItemEdit<Todo> | null {
  const listed = items.some((item) => item._id === todo._id)
  if (change === 'deleted' || !belongsTo(todo, list) || !fitsFilter(todo, list.filter))
    return listed ? { type: 'REMOVE', id: todo._id } : null
  return listed ? { type: 'REPLACE', item: todo } : { type: 'INSERT', item: todo, at: dueIndex(items, todo) }
}

/** The items after a TODO_CHANGED. */
export function mergeChange(
  items: readonly Todo[],
  payload: TodoChangedPayload,
  list: Pick<TodoListContext, 'topicId' | 'meId' | 'filter'>,
): Todo[] {
  const edit = changeOf(items, payload, list)
  return edit ? editedItems(items, edit) : [...items]
}

/** The row as it shows while its status change is on its way. */
export const movedTo = (todo: Todo, status: TodoStatus): Todo => ({ ...todo, status, done_at: status === 'done' ? todo.done_at : null })

/**
 * The list as it shows while a status change is on its way: its row with the new status, whatever
 * the pages brought (a refresh may read it before the change is saved).
 */
export function withPendingShown(list: PagedList<Todo>, pending: TodoListContext['pending']): PagedList<Todo> {
  if (pending === null) return list
  const row = list.items.find((item) => item._id === pending.todoId)
  if (row === undefined || row.status === pending.status) return list
  return withEdit(list, { type: 'REPLACE', item: movedTo(row, pending.status) })
}

/** What the filter's pages are asked with (besides their number). */
export const queryOf = ({ topicId, filter }: Pick<TodoListContext, 'topicId' | 'filter'>): TodoQuery =>
  filter === 'all' ? { topicId } : { topicId, status: filter }

const notProvided = actorNotProvided('todoList')
const listed = (context: TodoListContext, id: string) => context.list.items.find((item) => item._id === id)

/** The change a TODO_CHANGED makes to the rows; the row being moved keeps showing the status on its way. */
function changedEdit(context: TodoListContext, payload: TodoChangedPayload): ItemEdit<Todo> | null {
  const edit = changeOf(context.list.items, payload, context)
  const pending = context.pending
  if (edit === null || edit.type === 'REMOVE' || pending === null || pending.todoId !== payload.todo._id) return edit
  return { ...edit, item: movedTo(payload.todo, pending.status) }
}

interface Args {
  context: TodoListContext
  event: unknown
}
/** The rows' change `of` the context and event, told to the list (and made in this copy at once). */
const edit = (of: (args: Args) => ItemEdit<Todo> | null) => ({ type: 'editList' as const, params: (args: Args) => ({ edit: of(args) }) })

export const todoListMachine = setup({
  types: {
    context: {} as TodoListContext,
    events: {} as TodoListEvent,
    input: {} as TodoListInput,
  },
  actors: {
    /** The filter's to-dos, 20 a page: GET todo/topic?topic_id&status&page, or todo/list?status&page. */
    list: pagedListChild,
    /** PUT todo/update {todo_id, status}. */
    setStatus: fromPromise<Todo, TodoStatusInput>(notProvided('setStatus')),
    /** DELETE todo/delete {todo_id}. */
    deleteTodo: fromPromise<unknown, { todo_id: string }>(notProvided('deleteTodo')),
  },
  guards: {
    otherFilter: ({ context, event }) => event.type === 'FILTER' && event.filter !== context.filter,
    listShown: ({ context }) => isShown(context.list),
    listFailed: ({ context }) => context.list.state === 'failed',
    canLoadMore: ({ context }) => canLoadMore(context.list),
    canMove: ({ context, event }) => {
      if (event.type !== 'STATUS' || !isIdle(context.list)) return false
      const todo = listed(context, event.todoId)
      return todo !== undefined && todo.status !== event.status && mayMove(todo, context)
    },
    canDelete: ({ context, event }) => {
      if (event.type !== 'DELETE' || !isIdle(context.list)) return false
      const todo = listed(context, event.todoId)
      return todo !== undefined && mayManage(todo, context)
    },
    /** The change takes away the to-do whose delete is being asked about. */
    dropsAsked: ({ context, event }) =>
      event.type === 'CHANGED' && event.todo._id === context.deleting && changeOf(context.list.items, event, context)?.type === 'REMOVE',
  },
  actions: {
    takeList: assign(({ context, event }) =>
      event.type === 'LIST'
        ? { list: withPendingShown(event.list, context.pending), error: newFailure(context.list, event.list) ?? context.error }
        : {},
    ),
    setFilter: assign(({ event }) => {
      assertEvent(event, 'FILTER')
      return { filter: event.filter, list: loadingList<Todo>(), pending: null, deleting: null, error: null }
    }),
    loadMore: sendTo('list', { type: 'LOAD_MORE' }),
    retry: sendTo('list', { type: 'RETRY' }),
    refresh: sendTo('list', { type: 'REFRESH' }),
    clearError: assign({ error: null }),
    editList: enqueueActions(({ enqueue }, params: { edit: ItemEdit<Todo> | null }) => {
      const change = params.edit
      if (change === null) return
      enqueue.sendTo('list', change)
      enqueue.assign(({ context }) => ({ list: withEdit(context.list, change) }))
    }),
    startMove: assign(({ context, event }) => {
      assertEvent(event, 'STATUS')
      return { pending: { todoId: event.todoId, status: event.status, before: listed(context, event.todoId)! }, error: null }
    }),
    forgetMove: assign({ pending: null }),
    failMove: assign({ pending: null, error: ({ event }) => errorTextOf(event) }),
    /** The server's latest of the row being moved: a refusal goes back to this. */
    trackMove: assign(({ context, event }) => {
      assertEvent(event, 'CHANGED')
      const pending = context.pending
      if (pending === null || pending.todoId !== event.todo._id || event.change === 'deleted') return {}
      return { pending: { ...pending, before: event.todo } }
    }),
    askDelete: assign(({ event }) => {
      assertEvent(event, 'DELETE')
      return { deleting: event.todoId, error: null }
    }),
    forgetDelete: assign({ deleting: null }),
    failDelete: assign({ deleting: null, error: ({ event }) => errorTextOf(event) }),
  },
}).createMachine({
  id: 'todoList',
  context: ({ input }) => ({ ...input, filter: 'all', list: loadingList<Todo>(), pending: null, deleting: null, error: null }),
  on: {
    FILTER: {
      guard: and(['otherFilter', not(stateIn({ listing: 'updating' })), not(stateIn({ listing: 'deleting' }))]),
      target: '.listing',
      actions: 'setFilter',
    },
    LIST: { actions: 'takeList' },
    REFRESH: { actions: 'refresh' },
  },
  initial: 'listing',
  states: {
    listing: {
      invoke: { id: 'list', src: 'list', input: ({ context }) => ({ query: queryOf(context) }) },
      on: {
        CHANGED: {
          guard: 'listShown',
          actions: [edit(({ context, event }) => changedEdit(context, event as TodoChangedPayload)), 'trackMove'],
        },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            LOAD_MORE: { guard: 'canLoadMore', actions: ['clearError', 'loadMore'] },
            RETRY: { guard: 'listFailed', actions: 'retry' },
            STATUS: {
              guard: 'canMove',
              target: 'updating',
              actions: [
                'startMove',
                edit(({ context }) => {
                  const { todoId, status } = context.pending!
                  return { type: 'REPLACE', item: movedTo(listed(context, todoId)!, status) }
                }),
              ],
            },
            DELETE: { guard: 'canDelete', target: 'confirming', actions: 'askDelete' },
          },
        },
        updating: {
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => ({ todo_id: context.pending!.todoId, status: context.pending!.status }),
            onDone: {
              target: 'idle',
              actions: [
                edit(({ context, event }) => changeOf(context.list.items, { change: 'updated', todo: outputOf<Todo>(event) }, context)),
                'forgetMove',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                edit(({ context }) => {
                  const before = context.pending!.before
                  return listed(context, before._id) ? { type: 'REPLACE', item: before } : null
                }),
                'failMove',
              ],
            },
          },
        },
        confirming: {
          on: {
            CONFIRM: 'deleting',
            CANCEL: { target: 'idle', actions: 'forgetDelete' },
            CHANGED: {
              guard: 'dropsAsked',
              target: 'idle',
              actions: [edit(({ context, event }) => changedEdit(context, event as TodoChangedPayload)), 'forgetDelete'],
            },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteTodo',
            src: 'deleteTodo',
            input: ({ context }) => ({ todo_id: context.deleting! }),
            onDone: { target: 'idle', actions: [edit(({ context }) => ({ type: 'REMOVE', id: context.deleting! })), 'forgetDelete'] },
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
