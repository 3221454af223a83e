import { useState, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { Sender } from '../../contract/message'
import { isTopicAdmin, type TopicInfo } from '../../contract/topic'
import type { Todo } from '../machines/todo-list'
import { useTodoForm, useTodoList } from '../services/todo'
import { TodoDialog } from '../ui/todo/todo-dialog'
import { TodoListView } from '../ui/todo/todo-list-view'
import { TodosMenuItem, TodosPanel } from '../ui/todo/todos-panel'

/** Which dialog shows: a new to-do, or editing one. */
type Editing = { todo: Todo | null } | null

export interface TodoBoardProps {
  /** A chat's to-dos; null: the reader's own (/todo: new ones are personal). */
  topicId: string | null
  meId: string
  isAdmin: boolean
  /** The chat's members (its to-dos' assignees are chosen among them); null on /todo. */
  members: Sender[] | null
  /** The list's accessible name. */
  label: string
}

/**
 * A list of to-dos with its dialog: the todoList machine (fed TODO_CHANGED) and, while it shows,
 * a todoForm machine ("New to-do" or "Edit <title>"), whose saved to-do the list shows at once.
 */
export function TodoBoard({ topicId, meId, isAdmin, members, label }: TodoBoardProps) {
  const { saved, ...list } = useTodoList({ topicId, meId, isAdmin })
  const [editing, setEditing] = useState<Editing>(null)
  return (
    <>
      <TodoListView {...list} label={label} onNew={() => setEditing({ todo: null })} onEdit={(todo) => setEditing({ todo })} />
      {editing ? (
        <TodoFormDialog
          todo={editing.todo}
          topicId={editing.todo ? editing.todo.topic_id : topicId}
          // Personal: nobody to choose. A chat's to-do edited from /todo: its members are read first (null).
          members={(editing.todo ? editing.todo.topic_id : topicId) === null ? [] : members}
          onSaved={(todo) => saved(todo, editing.todo ? 'updated' : 'created')}
          onClosed={() => setEditing(null)}
        />
      ) : null}
    </>
  )
}

function TodoFormDialog(props: {
  todo: Todo | null
  topicId: string | null
  members: Sender[] | null
  onSaved: (todo: Todo) => void
  onClosed: () => void
}) {
  return <TodoDialog {...useTodoForm(props)} />
}

/** An open chat's to-dos: the "To-dos" entry of "Chat options" and the panel it opens. */
export function useChatTodos(topic: TopicInfo, meId: string): { chatMenuItems: ReactNode; panels: ReactNode } {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const members: Sender[] = topic.customers.map(({ _id, name, workid, photo_url }) => ({ _id, name, workid, photo_url }))
  const name = topic.name
  return {
    chatMenuItems: <TodosMenuItem onOpen={() => setOpen(true)} />,
    panels: open ? (
      <TodosPanel open chatName={name} onClose={() => setOpen(false)}>
        <TodoBoard topicId={topic._id} meId={meId} isAdmin={isTopicAdmin(topic.role)} members={members} label={t`To-dos`} />
      </TodosPanel>
    ) : null,
  }
}
