import type { FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AttentionSettingsFormProps } from '../../machines/attention'
import { Button } from '../button'

const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0]
const DEFAULT_SCHEDULE = { enabled: false, days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }

/** The browser's list of IANA zones (where it has one), with the stored one first. */
const zonesWith = (current: string | null): string[] => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', 'Asia/Ho_Chi_Minh']
  return current && !all.includes(current) ? [current, ...all] : all
}

/**
 * The settings page's notifications section: time zone, working hours (outside them is do not
 * disturb), keyword alerts and the missed-message email. The form keeps no state of its own: its
 * fields start from the stored settings and Save sends them all.
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
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const words = String(data.get('keywords') ?? '')
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean)
    onSave({
      time_zone: String(data.get('time_zone')),
      dnd_schedule: {
        enabled: data.get('schedule_enabled') === 'on',
        days: data.getAll('days').map(Number),
        start: String(data.get('start')),
        end: String(data.get('end')),
      },
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
        <form key={JSON.stringify([timeZone, schedule, keywords, digestEmail])} onSubmit={submit} className="mt-3 space-y-4 text-sm">
          <label className="block">
            <span className="font-medium text-slate-800">
              <Trans>Time zone</Trans>
            </span>
            <select
              name="time_zone"
              defaultValue={timeZone ?? 'UTC'}
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5"
            >
              {zonesWith(timeZone).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 font-medium text-slate-800">
              <Trans>Working hours</Trans>
            </legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="schedule_enabled" defaultChecked={s.enabled} />
              <Trans>Do not disturb outside working hours</Trans>
            </label>
            <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={t`Working days`}>
              {WEEKDAY_ORDER.map((d) => (
                <label key={d} className="flex items-center gap-1">
                  <input type="checkbox" name="days" value={d} defaultChecked={s.days.includes(d)} />
                  {dayNames[d]}
                </label>
              ))}
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <label className="flex items-center gap-1">
                <Trans>From</Trans>
                <input type="time" name="start" defaultValue={s.start} required className="rounded border border-slate-300 px-1" />
              </label>
              <label className="flex items-center gap-1">
                <Trans>To</Trans>
                <input type="time" name="end" defaultValue={s.end} required className="rounded border border-slate-300 px-1" />
              </label>
            </div>
          </fieldset>
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
