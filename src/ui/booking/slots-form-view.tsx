import { useId, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SlotsFieldProps, SlotsFormProps } from '../../machines/slots-form'
import { weekdayName, zoneOffset } from '../../services/booking-time'
import { Alert } from '../alert'
import { Button } from '../button'
import { LoadFailed } from '../load-failed'

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none disabled:bg-slate-50 aria-[invalid]:border-red-400'

export interface SlotsFormViewProps extends SlotsFormProps {
  /** The time zones to choose from (the page's own among them). */
  timeZones: readonly string[]
}

/** A field's label, input (or the given control) and messages: its problem, then the server's. */
function Field({
  label,
  field,
  hint,
  children,
}: {
  label: string
  field: SlotsFieldProps
  hint?: string
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}) {
  const { i18n } = useLingui()
  const id = useId()
  const messages = [...(field.problem ? [i18n._(field.problem)] : []), ...field.serverErrors]
  const describedBy = [hint ? `${id}-hint` : null, messages.length ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, 'aria-invalid': messages.length ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {messages.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

function NumberField({ label, field, busy, hint }: { label: string; field: SlotsFieldProps; busy: boolean; hint?: string }) {
  return (
    <Field label={label} field={field} hint={hint}>
      {(aria) => (
        <input
          {...aria}
          type="text"
          inputMode="numeric"
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          disabled={busy}
          className={inputClass}
        />
      )}
    </Field>
  )
}

/**
 * "Create your slots" / "Edit your slots": the page's words, the appointment's length, buffer,
 * notice and how far ahead, its time zone, the weekly availability (per weekday, windows added and
 * removed) and whether it takes bookings. Field messages once Save was refused, the server's too.
 */
export function SlotsFormView(props: SlotsFormViewProps) {
  const { t, i18n } = useLingui()
  const { fields, busy } = props
  if (props.loading)
    return (
      <p role="status" className="py-6 text-sm text-slate-500">
        <Trans>Loading the booking page…</Trans>
      </p>
    )
  if (props.loadFailed)
    return (
      <div className="space-y-4">
        <LoadFailed onRetry={props.onRetry}>{props.error ?? <Trans>The booking page could not be loaded.</Trans>}</LoadFailed>
        <Button variant="secondary" onClick={props.onCancel}>
          <Trans>Back to bookings</Trans>
        </Button>
      </div>
    )
  return (
    <form
      noValidate
      aria-label={props.editing ? t`Edit your slots` : t`Create your slots`}
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault()
        props.onSubmit()
      }}
    >
      {props.error ? <Alert>{props.error}</Alert> : null}
      <section className="space-y-4">
        <Field label={t`Title`} field={fields.title} hint={t`What people book, e.g. “30-minute consultation”.`}>
          {(aria) => (
            <input
              {...aria}
              value={fields.title.value}
              onChange={(event) => fields.title.onChange(event.target.value)}
              disabled={busy}
              autoComplete="off"
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t`Description (optional)`} field={fields.description}>
          {(aria) => (
            <textarea
              {...aria}
              rows={3}
              value={fields.description.value}
              onChange={(event) => fields.description.onChange(event.target.value)}
              disabled={busy}
              className={inputClass}
            />
          )}
        </Field>
      </section>
      <section className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <NumberField label={t`Appointment length (minutes)`} field={fields.duration} busy={busy} />
        <NumberField
          label={t`Buffer after each (minutes)`}
          field={fields.buffer}
          busy={busy}
          hint={t`Free time kept after each appointment.`}
        />
        <NumberField
          label={t`Minimum notice (minutes)`}
          field={fields.notice}
          busy={busy}
          hint={t`How soon before it starts a time can still be booked.`}
        />
        <NumberField label={t`How far ahead (days)`} field={fields.horizon} busy={busy} />
        <div className="sm:col-span-2">
          <Field
            label={t`Time zone`}
            field={fields.timeZone}
            hint={t`Your availability below is in this time zone; visitors see the times in their own.`}
          >
            {(aria) => (
              <select
                {...aria}
                value={fields.timeZone.value}
                onChange={(event) => fields.timeZone.onChange(event.target.value)}
                disabled={busy}
                className={inputClass}
              >
                {props.timeZones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')} ({zoneOffset(zone)})
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </section>
      <fieldset
        className="space-y-2"
        aria-describedby={props.windowsProblem || props.windowsServerErrors.length ? 'windows-error' : undefined}
      >
        <legend className="text-base font-semibold text-slate-900">
          <Trans>Weekly availability</Trans>
        </legend>
        {props.windowsProblem || props.windowsServerErrors.length ? (
          <p id="windows-error" className="text-sm text-red-600">
            {[...(props.windowsProblem ? [i18n._(props.windowsProblem)] : []), ...props.windowsServerErrors].join(' ')}
          </p>
        ) : null}
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {props.days.map((day) => {
            const name = weekdayName(day.weekday)
            return (
              <li
                key={day.weekday}
                aria-label={name}
                // Below 640px: the day and its Add time on one line, its windows under them.
                className="grid grid-cols-[1fr_auto] items-start gap-2 p-3 sm:grid-cols-[7rem_1fr_auto]"
              >
                <span className="order-1 pt-2 text-sm font-medium text-slate-800">{name}</span>
                <div className="order-3 col-span-2 min-w-0 space-y-2 sm:order-2 sm:col-span-1">
                  {day.windows.length === 0 ? (
                    <p className="pt-2 text-sm text-slate-500">
                      <Trans>Unavailable</Trans>
                    </p>
                  ) : (
                    day.windows.map((window, n) => (
                      <div key={window.index}>
                        <div className="flex flex-wrap items-center gap-2">
                          <input
                            type="time"
                            aria-label={t`${name} window ${n + 1} from`}
                            value={window.start}
                            onChange={(event) => window.onStart(event.target.value)}
                            disabled={busy}
                            aria-invalid={window.problem ? true : undefined}
                            className="min-h-11 rounded-md border border-slate-300 px-2 py-1.5 text-slate-900 aria-[invalid]:border-red-400"
                          />
                          <span aria-hidden="true">–</span>
                          <input
                            type="time"
                            aria-label={t`${name} window ${n + 1} to`}
                            value={window.end}
                            onChange={(event) => window.onEnd(event.target.value)}
                            disabled={busy}
                            aria-invalid={window.problem ? true : undefined}
                            className="min-h-11 rounded-md border border-slate-300 px-2 py-1.5 text-slate-900 aria-[invalid]:border-red-400"
                          />
                          <Button
                            variant="ghost"
                            size="sm"
                            className="min-h-11"
                            onClick={window.onRemove}
                            disabled={busy}
                            aria-label={t`Remove ${name} window ${n + 1}`}
                          >
                            <Trans>Remove</Trans>
                          </Button>
                        </div>
                        {window.problem ? <p className="mt-1 text-sm text-red-600">{i18n._(window.problem)}</p> : null}
                      </div>
                    ))
                  )}
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="order-2 min-h-11 sm:order-3"
                  onClick={day.onAdd}
                  disabled={busy}
                  aria-label={t`Add time on ${name}`}
                >
                  <Trans>Add time</Trans>
                </Button>
              </li>
            )
          })}
        </ul>
      </fieldset>
      <label className="flex items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200">
        <input
          type="checkbox"
          checked={props.active}
          onChange={(event) => props.onActive(event.target.checked)}
          disabled={busy}
          className="mt-0.5 h-5 w-5 rounded border-slate-300"
        />
        <span className="text-sm">
          <span className="block font-medium text-slate-900">
            <Trans>Taking bookings</Trans>
          </span>
          <span className="block text-slate-600">
            <Trans>Off: the public page shows no free times and takes no requests.</Trans>
          </span>
        </span>
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={props.onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {props.editing ? <Trans>Save</Trans> : <Trans>Publish</Trans>}
        </Button>
      </div>
    </form>
  )
}
