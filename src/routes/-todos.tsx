import { useEffect, useState, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { Message, Sender } from '../../contract/message'
import { TODO_TITLE_MAX } from '../../contract/todo'
import { isTopicAdmin, type TopicInfo } from '../../contract/topic'
import type { Todo } from '../machines/todo-list'
import { useTodoForm, useTodoList } from '../services/todo'
import { TodoDialog } from '../ui/todo/todo-dialog'
import { TodoListView } from '../ui/todo/todo-list-view'
import { TodosMenuItem, TodosPanel } from '../ui/todo/todos-panel'

/** Which dialog shows: a new to-do (perhaps from a message's text), or editing one. */
type Editing = { todo: Todo | null; draftTitle?: string } | null

export interface TodoBoardProps {
  /** A chat's to-dos; null: the reader's own (/todo: new ones are personal). */
  topicId: string | null
  meId: string
  isAdmin: boolean
  /** The chat's members (its to-dos' assignees are chosen among them); null on /todo. */
  members: Sender[] | null
  /** The list's accessible name. */
  label: string
  /** Opens with a new to-do's dialog holding this title (a message made into a to-do). */
  draftTitle?: string
}

/**
 * A list of to-dos with its dialog: the todoList machine (fed TODO_CHANGED) and, while it shows,
 * a todoForm machine ("New to-do" or "Edit <title>"), whose saved to-do the list shows at once.
 */
export function TodoBoard({ topicId, meId, isAdmin, members, label, draftTitle }: TodoBoardProps) {
  const { saved, ...list } = useTodoList({ topicId, meId, isAdmin })
  const [editing, setEditing] = useState<Editing>(null)
  // A message made into a to-do: its dialog opens once the panel holding this board is open (opened
  // in the same render as the panel, the panel's dialog took it for a click outside and closed it).
  useEffect(() => {
    if (draftTitle !== undefined) setEditing({ todo: null, draftTitle })
  }, [draftTitle])
  return (
    <>
      <TodoListView {...list} label={label} onNew={() => setEditing({ todo: null })} onEdit={(todo) => setEditing({ todo })} />
      {editing ? (
        <TodoFormDialog
          todo={editing.todo}
          draftTitle={editing.draftTitle}
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
  draftTitle?: string
  topicId: string | null
  members: Sender[] | null
  onSaved: (todo: Todo) => void
  onClosed: () => void
}) {
  return <TodoDialog {...useTodoForm(props)} />
}

/** A message's words as a to-do's title: its text (a rich one's without markup), on one line, cut to the title's limit. */
function titleOf(message: Message): string {
  const text =
    message.type === 'html' ? (new DOMParser().parseFromString(message.message, 'text/html').body.textContent ?? '') : message.message
  return text.replace(/\s+/g, ' ').trim().slice(0, TODO_TITLE_MAX)
}

/**
 * An open chat's to-dos: the "To-dos" entry of "Chat options", the panel it opens, and a message's
 * "Make a to-do", which opens the panel with a new to-do holding the message's words.
 */
export function useChatTodos(
  topic: TopicInfo,
  meId: string,
): { chatMenuItems: ReactNode; panels: ReactNode; onMakeTodo: (message: Message) => void } {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  // Each message made into a to-do opens a fresh board with its dialog (the key remounts it).
  const [draft, setDraft] = useState<{ title: string; key: number } | null>(null)
  const members: Sender[] = topic.customers.map(({ _id, name, workid, photo_url }) => ({ _id, name, workid, photo_url }))
  const name = topic.name
  return {
    chatMenuItems: <TodosMenuItem onOpen={() => setOpen(true)} />,
    onMakeTodo: (message) => {
      setDraft((before) => ({ title: titleOf(message), key: (before?.key ?? 0) + 1 }))
      setOpen(true)
    },
    panels: open ? (
      <TodosPanel
        open
        chatName={name}
        onClose={() => {
          setOpen(false)
          setDraft(null)
        }}
      >
        <TodoBoard
          key={draft?.key ?? 0}
          topicId={topic._id}
          meId={meId}
          isAdmin={isTopicAdmin(topic.role)}
          members={members}
          label={t`To-dos`}
          draftTitle={draft?.title}
        />
      </TodosPanel>
    ) : null,
  }
}
