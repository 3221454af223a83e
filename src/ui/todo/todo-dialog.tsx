import { Trans, useLingui } from '@lingui/react/macro'
import type { TodoFormProps } from '../../machines/todo-form'
import { AssigneeChecklist } from '../assignee-checklist'
import { ModalForm } from '../modal-form'
import { TextAreaField, TextField } from '../text-field'

/** The "New to-do" / "Edit to-do" dialog: title, note, due time and (in a chat) the assignees among its members. */
export function TodoDialog(props: TodoFormProps) {
  const { t, i18n } = useLingui()
  const { open, busy, loading, error } = props
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
      <TextAreaField
        label={<Trans>Note</Trans>}
        rows={3}
        value={props.note}
        onChange={(event) => props.onNote(event.target.value)}
        errors={props.noteError ? [i18n._(props.noteError)] : []}
        disabled={busy}
      />
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
