import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, MenuItem } from '@headlessui/react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ScheduledFieldError, ScheduledFormProps, SchedulePreset } from '../../machines/scheduled-form'
import { Alert } from '../alert'
import { Button } from '../button'
import { clockDay } from '../calendar/calendar-words'
import { Icon } from '../icons'

const fieldClass = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none'

function useFieldErrorText(error: ScheduledFieldError | null): string | null {
  const { t } = useLingui()
  if (error === null) return null
  return {
    invalid: t`Enter a date and a time.`,
    past: t`Pick a time in the future.`,
    tooFar: t`Pick a time within a year.`,
    empty: t`Write the message.`,
  }[error]
}

/**
 * Beside Send: "Schedule message", a small menu of times (Tomorrow at 9:00, Monday at 9:00, Custom
 * time…) for the draft; disabled without a text.
 */
export function ScheduleButton({
  form,
  topicId,
  draft,
  disabled,
}: {
  form: ScheduledFormProps
  topicId: string
  draft: string
  disabled: boolean
}) {
  const { t } = useLingui()
  const names: Record<SchedulePreset, string> = { tomorrow: t`Tomorrow at 9:00`, monday: t`Monday at 9:00` }
  return (
    <div className="relative">
      <button
        type="button"
        aria-label={t`Schedule message`}
        aria-haspopup="menu"
        aria-expanded={form.menuOpen}
        disabled={disabled || draft.trim() === ''}
        onClick={() => (form.menuOpen ? form.onClose() : form.onOpenMenu(topicId, draft.trim()))}
        className="grid h-10 w-10 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100 disabled:opacity-40"
      >
        <Icon name="clock" />
      </button>
      {form.menuOpen ? (
        <div
          role="menu"
          aria-label={t`Schedule message`}
          className="absolute right-0 bottom-full z-30 mb-1 w-56 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg"
        >
          {(['tomorrow', 'monday'] as const).map((preset) => (
            <button
              key={preset}
              type="button"
              role="menuitem"
              disabled={form.saving}
              onClick={() => form.onPreset(preset)}
              className="flex min-h-10 w-full items-center rounded px-2 text-left hover:bg-slate-100 disabled:opacity-50"
            >
              {names[preset]}
            </button>
          ))}
          <button
            type="button"
            role="menuitem"
            disabled={form.saving}
            onClick={form.onCustom}
            className="flex min-h-10 w-full items-center rounded px-2 text-left hover:bg-slate-100 disabled:opacity-50"
          >
            <Trans>Custom time…</Trans>
          </button>
        </div>
      ) : null}
    </div>
  )
}

/** The date and time (and, editing, text) of a scheduled message, in the reader's time zone. */
export function ScheduleDialog(form: ScheduledFormProps) {
  const fieldError = useFieldErrorText(form.fieldError)
  if (!form.formOpen) return null
  const zone = form.timeZone.replace(/_/g, ' ')
  return (
    <Dialog open onClose={form.onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="w-full max-w-sm rounded-t-2xl bg-white p-4 shadow-xl sm:rounded-2xl">
          <DialogTitle className="text-base font-semibold text-slate-900">
            {form.mode === 'edit' ? <Trans>Edit scheduled message</Trans> : <Trans>Schedule message</Trans>}
          </DialogTitle>
          <form
            className="mt-3 space-y-3"
            onSubmit={(e) => {
              e.preventDefault()
              form.onSubmit()
            }}
          >
            {form.mode === 'edit' ? (
              <label className="block text-sm font-medium text-slate-700">
                <Trans>Message</Trans>
                <textarea value={form.text} onChange={(e) => form.onText(e.target.value)} rows={3} className={fieldClass} />
              </label>
            ) : (
              <p className="line-clamp-3 text-sm text-slate-700">{form.text}</p>
            )}
            <div className="grid grid-cols-2 gap-2">
              <label className="block text-sm font-medium text-slate-700">
                <Trans>Date</Trans>
                <input type="date" value={form.date} onChange={(e) => form.onDate(e.target.value)} className={fieldClass} />
              </label>
              <label className="block text-sm font-medium text-slate-700">
                <Trans>Time</Trans>
                <input type="time" value={form.time} onChange={(e) => form.onTime(e.target.value)} className={fieldClass} />
              </label>
            </div>
            <p className="text-xs text-slate-600">
              <Trans>Time zone: {zone}</Trans>
            </p>
            {fieldError ? <Alert>{fieldError}</Alert> : null}
            {form.error ? <Alert>{form.error}</Alert> : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={form.onClose} disabled={form.saving}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" disabled={form.saving} aria-busy={form.saving || undefined}>
                {form.mode === 'edit' ? <Trans>Save changes</Trans> : <Trans>Schedule</Trans>}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  )
}

/** Above the composer: when the message just scheduled goes, with the way to the scheduled messages. */
export function ScheduledNote({ lastSaved, onDismiss }: Pick<ScheduledFormProps, 'lastSaved' | 'onDismiss'>) {
  const { t } = useLingui()
  if (!lastSaved) return null
  const at = clockDay(lastSaved.send_at)
  return (
    <div
      role="status"
      className="mx-3 mb-2 flex items-center gap-3 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900 ring-1 ring-indigo-200 ring-inset"
    >
      <span className="flex-1">
        <Trans>Message scheduled for {at}.</Trans>
      </span>
      <Link to="/chat/scheduled" className="font-semibold underline">
        <Trans>View scheduled</Trans>
      </Link>
      <button type="button" onClick={onDismiss} aria-label={t`Dismiss`} className="rounded px-1 font-semibold hover:bg-white/60">
        ×
      </button>
    </div>
  )
}

/** A chat's "Scheduled messages" entry of its "Chat options" menu: that chat's scheduled messages. */
export function ChatScheduledItem({ topicId }: { topicId: string }) {
  return (
    <MenuItem>
      <Link
        to="/chat/scheduled"
        search={{ topic: topicId }}
        className="flex w-full items-center gap-2 rounded px-2 py-2 text-left text-slate-800 data-[focus]:bg-slate-100"
      >
        <Icon name="clock" className="h-4 w-4 shrink-0" />
        <Trans>Scheduled messages</Trans>
      </Link>
    </MenuItem>
  )
}
