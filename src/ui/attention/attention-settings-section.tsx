import { type FormEvent, useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AttentionSettingsFormProps } from '../../machines/attention'
import { timeZonesWith } from '../../services/time-zones'
import { Button } from '../button'

const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0]
const DEFAULT_SCHEDULE = { enabled: false, days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }

/** A 24-hour time as the settings store it (HH:mm), whatever the browser's locale. */
const TIME_PATTERN = '([01][0-9]|2[0-3]):[0-5][0-9]'

/**
 * The settings page's notifications section: time zone, working hours (outside them is do not
 * disturb), keyword alerts and the missed-message email. Its fields start from the stored settings
 * and Save sends them all; the working days and hours wait (disabled) while the schedule is off,
 * and keep their stored values then. Times are typed as 24-hour HH:mm in every language.
 */
export function AttentionSettingsSection({
  status,
  timeZone,
  schedule,
  keywords,
  digestEmail,
  saving,
  error,
  onSave,
  onRetry,
}: AttentionSettingsFormProps) {
  const { t } = useLingui()
  const dayNames = [t`Sun`, t`Mon`, t`Tue`, t`Wed`, t`Thu`, t`Fri`, t`Sat`]
  const s = schedule ?? DEFAULT_SCHEDULE
  const formKey = useStoredValuesKey(JSON.stringify([timeZone, schedule, keywords, digestEmail]))
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    formKey.saved()
    const data = new FormData(e.currentTarget)
    const words = String(data.get('keywords') ?? '')
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean)
    const enabled = data.get('schedule_enabled') === 'on'
    onSave({
      time_zone: String(data.get('time_zone')),
      // Disabled fields are not in the form's data: an off schedule keeps its stored days and hours.
      dnd_schedule: enabled
        ? { enabled, days: data.getAll('days').map(Number), start: String(data.get('start')), end: String(data.get('end')) }
        : { ...s, enabled },
      keywords: words,
      digest_email: data.get('digest_email') === 'on',
    })
  }
  return (
    <section aria-labelledby="attention-settings-title" className="mt-8 max-w-xl">
      <h2 id="attention-settings-title" className="text-lg font-semibold text-slate-900">
        <Trans>Notifications</Trans>
      </h2>
      {status === 'loading' ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          <Trans>Loading…</Trans>
        </p>
      ) : status === 'failed' ? (
        <div role="alert" className="mt-2 text-sm text-red-700">
          {error}{' '}
          <button type="button" onClick={onRetry} className="underline">
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <form key={formKey.key} onChange={formKey.edited} onSubmit={submit} className="mt-3 space-y-4 text-sm">
          <label className="block">
            <span className="font-medium text-slate-800">
              <Trans>Time zone</Trans>
            </span>
            <select
              name="time_zone"
              defaultValue={timeZone ?? 'UTC'}
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5"
            >
              {timeZonesWith(timeZone).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </label>
          <WorkingHours schedule={s} dayNames={dayNames} workingDaysLabel={t`Working days`} />
          <label className="block">
            <span className="font-medium text-slate-800">
              <Trans>Keyword alerts</Trans>
            </span>
            <span className="block text-xs text-slate-500">
              <Trans>Words that notify you like a mention, separated by commas (accents and capitals do not matter).</Trans>
            </span>
            <input
              name="keywords"
              defaultValue={keywords.join(', ')}
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5"
            />
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="digest_email" defaultChecked={digestEmail} />
            <Trans>Email me about mentions and direct messages I have not read for a few minutes</Trans>
          </label>
          {error ? (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={saving}>
            {saving ? <Trans>Saving…</Trans> : <Trans>Save notification settings</Trans>}
          </Button>
        </form>
      )}
    </section>
  )
}

/**
 * The form's key: it follows the stored values (the form starts again from them when they change,
 * saved here, in another tab, or the browser's time zone stored on the first visit) except while
 * the user has unsaved edits, which a change arriving meanwhile must not wipe.
 */
function useStoredValuesKey(stored: string) {
  const [key, setKey] = useState(stored)
  const [dirty, setDirty] = useState(false)
  if (!dirty && key !== stored) setKey(stored)
  return { key, edited: () => setDirty(true), saved: () => setDirty(false) }
}

/** Working hours: the switch, then the days and hours it uses (disabled while it is off). */
function WorkingHours({
  schedule,
  dayNames,
  workingDaysLabel,
}: {
  schedule: typeof DEFAULT_SCHEDULE
  dayNames: string[]
  workingDaysLabel: string
}) {
  // What the checkbox shows right now (the form is uncontrolled; this only enables its dependants).
  const [enabled, setEnabled] = useState(schedule.enabled)
  const hintId = useId()
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 font-medium text-slate-800">
        <Trans>Working hours</Trans>
      </legend>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="schedule_enabled" defaultChecked={schedule.enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <Trans>Do not disturb outside working hours</Trans>
      </label>
      <fieldset disabled={!enabled} className="disabled:opacity-60">
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={workingDaysLabel}>
          {WEEKDAY_ORDER.map((d) => (
            <label key={d} className="flex items-center gap-1">
              <input type="checkbox" name="days" value={d} defaultChecked={schedule.days.includes(d)} />
              {dayNames[d]}
            </label>
          ))}
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-1">
            <Trans>From</Trans>
            <TimeInput name="start" value={schedule.start} hintId={hintId} />
          </label>
          <label className="flex items-center gap-1">
            <Trans>To</Trans>
            <TimeInput name="end" value={schedule.end} hintId={hintId} />
          </label>
        </div>
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          <Trans>24-hour time, for example 09:00 or 17:30.</Trans>
        </p>
      </fieldset>
    </fieldset>
  )
}

function TimeInput({ name, value, hintId }: { name: string; value: string; hintId: string }) {
  return (
    <input
      type="text"
      name={name}
      defaultValue={value}
      required
      pattern={TIME_PATTERN}
      inputMode="numeric"
      maxLength={5}
      placeholder="HH:mm"
      aria-describedby={hintId}
      className="w-16 rounded border border-slate-300 px-1 text-center tabular-nums"
    />
  )
}
