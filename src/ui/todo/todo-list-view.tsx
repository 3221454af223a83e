import { useEffect, useRef, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { TODO_FILTERS, type Todo, type TodoFilter, type TodoListProps, type TodoRow, type TodoStatus } from '../../machines/todo-list'
import { clockAndDay } from '../../services/time-ago'
import { Alert } from '../alert'
import { Button } from '../button'
import { Confirmation } from '../confirmation'
import { Icon } from '../icons'
import { LoadFailed } from '../load-failed'

const tabClass =
  'shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[selected]:bg-indigo-50 data-[selected]:text-indigo-700 data-[disabled]:opacity-50'
const iconButton =
  'grid h-9 w-9 shrink-0 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50'

export interface TodoListViewProps extends TodoListProps {
  /** "New to-do": opens the dialog (a personal to-do on /todo, one in the chat in its panel). */
  onNew: () => void
  /** "Edit <title>": opens the dialog on that to-do. */
  onEdit: (todo: Todo) => void
  /** The list's accessible name ('To-dos', 'To-dos in Design'). */
  label: string
  /** Under the tabs, before the rows (e.g. the page's heading stays outside). */
  header?: ReactNode
}

/** The filter tabs' and the status select's words. */
function FilterName({ filter }: { filter: TodoFilter }) {
  switch (filter) {
    case 'all':
      return <Trans>All</Trans>
    case 'todo':
      return <Trans>To do</Trans>
    case 'doing':
      return <Trans>Doing</Trans>
    case 'done':
      return <Trans>Done</Trans>
  }
}

/** Asks for the next page when the list's end scrolls into view (where the browser can tell). */
function useNearEnd(active: boolean, onNearEnd: () => void) {
  const ref = useRef<HTMLDivElement>(null)
  const callback = useRef(onNearEnd)
  callback.current = onNearEnd
  useEffect(() => {
    const element = ref.current
    if (!active || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [active])
  return ref
}

/**
 * A list of to-dos (the /todo page, a chat's "To-dos" panel): the filter tabs (All, To do, Doing,
 * Done), "New to-do", the rows 20 at a time ("Load more", or the end scrolled into view).
 */
export function TodoListView(props: TodoListViewProps) {
  const { t } = useLingui()
  const { filter, rows } = props
  const nearEnd = useNearEnd(props.hasMore && !props.busy && !props.loadingMore, props.onLoadMore)
  const body = props.loading ? (
    <p role="status" className="py-6 text-center text-sm text-slate-500">
      <Trans>Loading to-dos…</Trans>
    </p>
  ) : props.failed ? (
    <LoadFailed onRetry={props.onRetry} className="py-4">
      <Trans>The to-dos could not be loaded.</Trans>
    </LoadFailed>
  ) : props.empty ? (
    <p className="py-6 text-center text-sm text-slate-500">
      {filter === 'all' ? <Trans>No to-dos yet.</Trans> : <Trans>No to-dos with this status.</Trans>}
    </p>
  ) : (
    <>
      <ul aria-label={props.label} className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
        {rows.map((row) => (
          <TodoItem
            key={row.todo._id}
            row={row}
            showChat={props.topicId === null}
            busy={props.busy}
            onEdit={() => props.onEdit(row.todo)}
            onConfirmDelete={props.onConfirmDelete}
            onCancelDelete={props.onCancelDelete}
          />
        ))}
      </ul>
      {props.hasMore ? (
        <div ref={nearEnd} className="mt-3">
          <Button
            variant="secondary"
            size="sm"
            onClick={props.onLoadMore}
            disabled={props.loadingMore || props.busy}
            aria-busy={props.loadingMore || undefined}
          >
            <Trans>Load more</Trans>
          </Button>
        </div>
      ) : null}
    </>
  )
  return (
    <TabGroup
      selectedIndex={Math.max(0, TODO_FILTERS.indexOf(filter))}
      onChange={(index) => props.onFilter(TODO_FILTERS[index] ?? 'all')}
      className="min-w-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* One row that scrolls sideways on a narrow screen. */}
        <TabList aria-label={t`Filter to-dos`} className="flex min-w-0 gap-1 overflow-x-auto">
          {TODO_FILTERS.map((f) => (
            <Tab key={f} className={tabClass} disabled={!props.canFilter && f !== filter}>
              <FilterName filter={f} />
            </Tab>
          ))}
        </TabList>
        <Button size="sm" onClick={props.onNew}>
          <Icon name="plus" className="h-4 w-4" />
          <Trans>New to-do</Trans>
        </Button>
      </div>
      {props.header}
      {props.error ? <Alert className="mt-3">{props.error}</Alert> : null}
      <TabPanels className="mt-3">
        {TODO_FILTERS.map((f) => (
          <TabPanel key={f}>{f === filter ? body : null}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  )
}

function TodoItem({
  row,
  showChat,
  busy,
  onEdit,
  onConfirmDelete,
  onCancelDelete,
}: {
  row: TodoRow
  showChat: boolean
  busy: boolean
  onEdit: () => void
  onConfirmDelete: () => void
  onCancelDelete: () => void
}) {
  const { t } = useLingui()
  const { todo } = row
  const title = todo.title
  const done = todo.status === 'done'
  const due = todo.due_at ? clockAndDay(todo.due_at) : null
  const names = todo.assignees.map((person) => person.name).join(', ')
  return (
    <li aria-label={title} aria-busy={row.moving || row.deleting || undefined} className="flex items-start gap-3 p-3">
      <input
        type="checkbox"
        checked={done}
        disabled={!row.canMove}
        onChange={(event) => row.onDone(event.target.checked)}
        aria-label={t`Mark ${title} done`}
        className="mt-1 h-5 w-5 shrink-0 rounded border-slate-300"
      />
      <div className="min-w-0 flex-1">
        <p className={`break-words font-medium ${done ? 'text-slate-500 line-through' : 'text-slate-900'}`}>{title}</p>
        {todo.note ? <p className="mt-0.5 line-clamp-3 whitespace-pre-wrap break-words text-sm text-slate-600">{todo.note}</p> : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          {due ? (
            <span className={row.overdue ? 'font-semibold text-red-600' : undefined}>
              <time dateTime={todo.due_at ?? undefined} data-overdue={row.overdue || undefined}>
                {t`Due ${due}`}
              </time>
              {row.overdue ? <span className="ml-1">{t`(overdue)`}</span> : null}
            </span>
          ) : null}
          {showChat && todo.topic_id !== null ? (
            <Link
              to="/chat/$topicId"
              params={{ topicId: todo.topic_id }}
              className="max-w-full truncate font-medium text-indigo-700 hover:underline"
            >
              {todo.topic_name || t`New Message`}
            </Link>
          ) : null}
          {names ? (
            <span className="min-w-0 break-words">
              <Trans>Assigned to {names}</Trans>
            </span>
          ) : null}
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-1">
          <select
            aria-label={t`Status of ${title}`}
            value={todo.status}
            disabled={!row.canMove}
            onChange={(event) => row.onStatus(event.target.value as TodoStatus)}
            className="rounded-md border border-slate-300 bg-white py-1 pr-8 pl-2 text-sm text-slate-800 disabled:opacity-60"
          >
            <option value="todo">{t`To do`}</option>
            <option value="doing">{t`Doing`}</option>
            <option value="done">{t`Done`}</option>
          </select>
          {row.canManage ? (
            <>
              <button type="button" onClick={onEdit} disabled={busy} aria-label={t`Edit ${title}`} title={t`Edit`} className={iconButton}>
                <Icon name="edit" className="h-4 w-4" />
              </button>
              <button
                type="button"
                onClick={row.onDelete}
                disabled={busy}
                aria-label={t`Delete ${title}`}
                title={t`Delete`}
                className={iconButton}
              >
                <Icon name="trash" className="h-4 w-4" />
              </button>
            </>
          ) : null}
        </div>
        {row.confirmingDelete || row.deleting ? (
          <Confirmation
            label={t`Confirm deleting ${title}`}
            confirm={<Trans>Yes, delete</Trans>}
            onConfirm={onConfirmDelete}
            onCancel={onCancelDelete}
            busy={row.deleting}
          >
            <Trans>Delete this to-do for everyone?</Trans>
          </Confirmation>
        ) : null}
      </div>
    </li>
  )
}
