import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { TodoFormProps } from '../../machines/todo-form'
import { AssigneeChecklist } from '../assignee-checklist'
import { ModalForm } from '../modal-form'
import { TextField } from '../text-field'

/** The "New to-do" / "Edit to-do" dialog: title, note, due time and (in a chat) the assignees among its members. */
export function TodoDialog(props: TodoFormProps) {
  const { t, i18n } = useLingui()
  const { open, busy, loading, error } = props
  const noteId = useId()
  return (
    <ModalForm
      open={open}
      busy={busy}
      title={props.editing ? <Trans>Edit to-do</Trans> : <Trans>New to-do</Trans>}
      error={error}
      submitLabel={<Trans>Save</Trans>}
      submitDisabled={busy || loading}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
    >
      <TextField
        label={t`Title`}
        value={props.title}
        onChange={(event) => props.onTitle(event.target.value)}
        errors={props.titleError ? [i18n._(props.titleError)] : []}
        disabled={busy}
        autoComplete="off"
      />
      <div>
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-700">
          <Trans>Note</Trans>
        </label>
        <textarea
          id={noteId}
          rows={3}
          value={props.note}
          onChange={(event) => props.onNote(event.target.value)}
          disabled={busy}
          aria-invalid={props.noteError ? true : undefined}
          aria-describedby={props.noteError ? `${noteId}-error` : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none aria-[invalid]:border-red-400"
        />
        {props.noteError ? (
          <p id={`${noteId}-error`} className="mt-1 text-sm text-red-600">
            {i18n._(props.noteError)}
          </p>
        ) : null}
      </div>
      <TextField
        label={t`Due (optional)`}
        type="datetime-local"
        value={props.dueAt}
        onChange={(event) => props.onDue(event.target.value)}
        errors={props.dueError ? [i18n._(props.dueError)] : []}
        disabled={busy}
      />
      {props.inChat ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">
            <Trans>Assignees</Trans>
          </legend>
          {loading ? (
            <p role="status" className="mt-1 text-sm text-slate-500">
              <Trans>Loading members…</Trans>
            </p>
          ) : (
            <AssigneeChecklist assignees={props.assignees} disabled={busy} />
          )}
          {props.assigneesError ? <p className="mt-1 text-sm text-red-600">{i18n._(props.assigneesError)}</p> : null}
        </fieldset>
      ) : null}
    </ModalForm>
  )
}
