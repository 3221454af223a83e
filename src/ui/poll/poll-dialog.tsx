import { Trans, useLingui } from '@lingui/react/macro'
import type { PollFlag, PollFormProps } from '../../machines/poll-form'
import { Button } from '../button'
import { Icon } from '../icons'
import { ModalForm } from '../modal-form'
import { TextField } from '../text-field'

/** The "Create a poll" dialog of a chat: the question, 2 to 10 options, the switches and an optional closing time. */
export function PollDialog(props: PollFormProps) {
  const { t, i18n } = useLingui()
  const { open, busy, error, options } = props
  const flags: { flag: PollFlag; label: string; checked: boolean }[] = [
    { flag: 'multiple', label: t`Multiple choice`, checked: props.multiple },
    { flag: 'anonymous', label: t`Anonymous (show counts only)`, checked: props.anonymous },
    { flag: 'allowNewOptions', label: t`Members can add options`, checked: props.allowNewOptions },
  ]
  return (
    <ModalForm
      open={open}
      busy={busy}
      title={<Trans>Create a poll</Trans>}
      error={error}
      closeButton
      submitLabel={<Trans>Create</Trans>}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
    >
      <TextField
        label={t`Question`}
        value={props.question}
        onChange={(event) => props.onQuestion(event.target.value)}
        errors={props.questionError ? [i18n._(props.questionError)] : []}
        disabled={busy}
        autoComplete="off"
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">
          <Trans>Options</Trans>
        </legend>
        <ol className="mt-1 space-y-2">
          {options.map((option, index) => {
            const number = index + 1
            return (
              <li key={index} className="flex items-start gap-1.5">
                <TextField
                  className="min-w-0 flex-1 [&>label]:sr-only"
                  label={t`Option ${number}`}
                  value={option.text}
                  onChange={(event) => props.onOption(index, event.target.value)}
                  errors={option.error ? [i18n._(option.error)] : []}
                  disabled={busy}
                  autoComplete="off"
                />
                {props.canRemoveRow ? (
                  <button
                    type="button"
                    onClick={() => props.onRemoveRow(index)}
                    aria-label={t`Remove option ${number}`}
                    className="mt-1 grid h-9 w-9 shrink-0 place-items-center rounded-md text-slate-500 hover:bg-slate-100"
                  >
                    <Icon name="close" className="h-4 w-4" />
                  </button>
                ) : null}
              </li>
            )
          })}
        </ol>
        {props.optionsError ? <p className="mt-1 text-sm text-red-600">{i18n._(props.optionsError)}</p> : null}
        <Button variant="ghost" size="sm" className="mt-2" onClick={props.onAddRow} disabled={!props.canAddRow}>
          <Icon name="plus" className="h-4 w-4" />
          <Trans>Add an option</Trans>
        </Button>
      </fieldset>
      <div className="space-y-2">
        {flags.map(({ flag, label, checked }) => (
          <label key={flag} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={checked}
              disabled={busy}
              onChange={(event) => props.onFlag(flag, event.target.checked)}
              className="h-4 w-4 rounded border-slate-300"
            />
            {label}
          </label>
        ))}
      </div>
      <TextField
        label={t`Closing time (optional)`}
        type="datetime-local"
        value={props.closesAt}
        onChange={(event) => props.onClosesAt(event.target.value)}
        errors={props.closesAtError ? [i18n._(props.closesAtError)] : []}
        disabled={busy}
      />
    </ModalForm>
  )
}
