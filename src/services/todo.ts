import { useEffect, useMemo, useRef, useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { connect as connectForm, todoFormMachine, type Sender, type Todo, type TodoSaveInput } from '../machines/todo-form'
import { withPages } from '../machines/paged-list'
import { connect, todoListMachine, type TodoListEvent, type TodoQuery, type TodoStatusInput } from '../machines/todo-list'
import { createTodo, deleteTodo, myTodos, topicTodos, updateTodo } from './api/todo'
import { topicInfo } from './api/topic'
import { failingWithMessage } from './failure'
import { onSocketConnect, onSocketEvent } from './socket'

/** The to-do list's machine with its calls: todo/topic or todo/list (its paged list), todo/update {status}, todo/delete. */
export const appTodoListMachine = todoListMachine.provide({
  actors: {
    list: withPages<TodoQuery>(({ topicId, status, page }) =>
      failingWithMessage(topicId === null ? myTodos(page, status) : topicTodos(topicId, page, status)),
    ),
    setStatus: fromPromise<Todo, TodoStatusInput>(({ input }) => failingWithMessage(updateTodo(input))),
    deleteTodo: fromPromise<unknown, { todo_id: string }>(({ input }) => failingWithMessage(deleteTodo(input.todo_id))),
  },
})

export interface TodoListOptions {
  /** A chat's to-dos; null: the reader's own (/todo). */
  topicId: string | null
  meId: string
  /** The reader is an admin of the chat. */
  isAdmin: boolean
}

/**
 * A list of to-dos (mounted while it shows): the list machine with its calls, fed the socket's
 * TODO_CHANGED, and refreshed when the socket reconnects (it may have missed some). Returns the
 * list's props and `saved`, which a dialog's saved to-do goes through (it shows at once, before
 * its TODO_CHANGED).
 */
export function useTodoList({ topicId, meId, isAdmin }: TodoListOptions) {
  const actor = useActorRef(appTodoListMachine, { input: { topicId, meId, isAdmin, now: Date.now } })
  useEffect(() => {
    const offs = [
      onSocketEvent('TODO_CHANGED', (payload) => actor.send({ type: 'CHANGED', change: payload.change, todo: payload.todo })),
      onSocketConnect(() => actor.send({ type: 'REFRESH' })),
    ]
    return () => offs.forEach((off) => off())
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  const props = useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
  const saved = useMemo(
    () => (todo: Todo, change: 'created' | 'updated') => actor.send({ type: 'CHANGED', change, todo } satisfies TodoListEvent),
    [actor],
  )
  return { ...props, saved }
}

/** The dialog's machine with its calls: todo/create or todo/update, and topic/info for a chat's members. */
export const appTodoFormMachine = todoFormMachine.provide({
  actors: {
    saveTodo: fromPromise<Todo, TodoSaveInput>(({ input }) =>
      failingWithMessage(input.kind === 'create' ? createTodo(input.body) : updateTodo(input.body)),
    ),
    loadMembers: fromPromise<Sender[], { topicId: string }>(async ({ input }) =>
      (await failingWithMessage(topicInfo(input.topicId))).customers.map(({ _id, name, workid, photo_url }) => ({
        _id,
        name,
        workid,
        photo_url,
      })),
    ),
  },
})

export interface TodoFormOptions {
  /** The chat the to-do is (or goes) in; null: personal. */
  topicId: string | null
  /** The chat's members (null: read them first; personal: []). */
  members: Sender[] | null
  /** Editing it; null: a new one. */
  todo: Todo | null
  /** A new one's title to start from (a message made into a to-do). */
  draftTitle?: string
  /** The to-do as saved. */
  onSaved: (todo: Todo) => void
  /** The dialog went (saved or cancelled). */
  onClosed: () => void
}

/**
 * One "New to-do" / "Edit to-do" dialog (mounted while it shows): its props and handlers. Its
 * client_id is made once, when it opens, so every try of a new to-do is the same to-do.
 */
export function useTodoForm({ topicId, members, todo, draftTitle, onSaved, onClosed }: TodoFormOptions) {
  const [clientId] = useState(() => crypto.randomUUID())
  const saved = useRef(onSaved)
  saved.current = onSaved
  const [machine] = useState(() =>
    appTodoFormMachine.provide({ actions: { todoSaved: (_, params: { todo: Todo }) => saved.current(params.todo) } }),
  )
  const actor = useActorRef(machine, { input: { clientId, topicId, members, todo, draftTitle } })
  const snapshot = useSelector(actor, (s) => s)
  const props = useMemo(() => connectForm(snapshot, actor.send), [snapshot, actor])
  const closed = useRef(onClosed)
  closed.current = onClosed
  useEffect(() => {
    if (!props.open) closed.current()
  }, [props.open])
  return props
}
