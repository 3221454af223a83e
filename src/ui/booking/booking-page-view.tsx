import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { BookingFieldProps, BookingPageProps } from '../../machines/booking-page'
import { initialsOf } from '../../machines/session/session.rules'
import { bookingWhen, dayParts, longDay, weekLabel, zoneLabel } from '../../services/booking-time'
import { Alert } from '../alert'
import { Avatar } from '../avatar'
import { Button } from '../button'
import { LoadFailed } from '../load-failed'
import { Logo } from '../marketing/logo'

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none disabled:bg-slate-50 aria-[invalid]:border-red-400'

function DetailsField({
  label,
  field,
  disabled,
  multiline = false,
  type = 'text',
  autoComplete,
}: {
  label: string
  field: BookingFieldProps
  disabled: boolean
  multiline?: boolean
  type?: string
  autoComplete?: string
}) {
  const { i18n } = useLingui()
  const id = useId()
  const messages = [...(field.problem ? [i18n._(field.problem)] : []), ...field.serverErrors]
  const aria = { id, 'aria-invalid': messages.length ? true : undefined, 'aria-describedby': messages.length ? `${id}-error` : undefined }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...aria}
          rows={3}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          disabled={disabled}
          className={inputClass}
        />
      ) : (
        <input
          {...aria}
          type={type}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          disabled={disabled}
          autoComplete={autoComplete}
          className={inputClass}
        />
      )}
      {messages.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

function FreeTimes(props: BookingPageProps) {
  const { t } = useLingui()
  const weekHasTimes = props.days.some((day) => day.count > 0)
  return (
    <div className="space-y-4">
      {props.taken ? <Alert tone="warning">{t`That time was just taken by someone else. Please pick another.`}</Alert> : null}
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          className="min-h-11"
          onClick={props.onPreviousWeek}
          disabled={!props.canPreviousWeek}
          aria-label={t`Previous week`}
        >
          <span aria-hidden="true">‹</span>
          <span className="hidden sm:inline">
            <Trans>Previous</Trans>
          </span>
        </Button>
        <h2 className="text-center text-base font-semibold text-slate-900" aria-live="polite">
          {weekLabel(props.weekStart)}
        </h2>
        <Button variant="secondary" className="min-h-11" onClick={props.onNextWeek} disabled={!props.canNextWeek} aria-label={t`Next week`}>
          <span className="hidden sm:inline">
            <Trans>Next</Trans>
          </span>
          <span aria-hidden="true">›</span>
        </Button>
      </div>
      <p className="text-center text-xs text-slate-600">
        <Trans>Times in {zoneLabel(props.timeZone)}</Trans>
      </p>
      {props.slotsLoading ? (
        <p role="status" className="py-6 text-center text-sm text-slate-500">
          <Trans>Loading free times…</Trans>
        </p>
      ) : props.slotsFailed ? (
        <LoadFailed onRetry={props.onRetry}>{props.error ?? <Trans>The free times could not be loaded.</Trans>}</LoadFailed>
      ) : (
        <>
          {/* Seven columns at every width: below 640px a day shows its number, the count without its word. */}
          <div role="group" aria-label={t`Days`} className="grid grid-cols-7 gap-1">
            {props.days.map((day) => {
              const { weekday, date, dayOfMonth } = dayParts(day.day)
              const muted = day.selected ? 'text-indigo-100' : 'text-slate-600'
              return (
                <button
                  key={day.day}
                  type="button"
                  onClick={day.onSelect}
                  aria-pressed={day.selected}
                  title={longDay(day.day)}
                  className={`flex min-h-16 min-w-0 flex-col items-center justify-center rounded-lg px-0.5 py-2 text-sm ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                    day.selected
                      ? 'bg-indigo-600 text-white ring-indigo-600'
                      : day.count > 0
                        ? 'bg-white text-slate-800 ring-slate-300 hover:bg-indigo-50'
                        : 'bg-slate-50 text-slate-600 ring-slate-200'
                  }`}
                >
                  <span className="font-medium">{weekday}</span> <span className="sr-only sm:not-sr-only">{date}</span>
                  <span aria-hidden="true" className="sm:hidden">
                    {dayOfMonth}
                  </span>{' '}
                  <span aria-hidden="true" className={`mt-0.5 text-xs sm:hidden ${muted}`}>
                    {day.count}
                  </span>
                  <span className={`sr-only mt-0.5 text-xs sm:not-sr-only ${muted}`}>{t`${day.count} free`}</span>
                </button>
              )
            })}
          </div>
          <section aria-labelledby="booking-day-title">
            <h3 id="booking-day-title" className="text-sm font-semibold text-slate-900">
              {longDay(props.day)}
            </h3>
            {props.times.length === 0 ? (
              <p className="py-4 text-sm text-slate-600">
                {weekHasTimes ? <Trans>No free times on this day.</Trans> : <Trans>No free times this week. Try the next week.</Trans>}
              </p>
            ) : (
              <ul aria-label={t`Free times`} className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
                {props.times.map((time) => (
                  <li key={time.start}>
                    <button
                      type="button"
                      onClick={time.onPick}
                      className="min-h-12 w-full rounded-lg bg-white px-3 py-3 text-base font-semibold text-indigo-700 ring-1 ring-indigo-200 ring-inset hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                    >
                      {time.time}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  )
}

function Details(props: BookingPageProps) {
  const { t } = useLingui()
  const picked = props.picked!
  const sending = props.sending !== null
  return (
    <form
      noValidate
      aria-label={t`Your details`}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        props.onSubmit()
      }}
    >
      <div className="rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
        <p className="font-semibold">{bookingWhen(picked.start, picked.end, props.timeZone)}</p>
        <p className="text-indigo-800">{zoneLabel(props.timeZone)}</p>
      </div>
      {props.error ? <Alert>{props.error}</Alert> : null}
      <DetailsField label={t`Your name`} field={props.name} disabled={sending} autoComplete="name" />
      <DetailsField label={t`Your email`} field={props.email} disabled={sending} type="email" autoComplete="email" />
      <DetailsField label={t`Note (optional)`} field={props.note} disabled={sending} multiline />
      {props.sending ? (
        <div role="status" className="flex items-center gap-3 text-sm text-slate-700">
          <progress aria-label={t`Sending your request`} className="h-2 w-24" />
          {props.sending === 'requesting' ? <Trans>Sending your request…</Trans> : <Trans>Checking you are not a robot…</Trans>}
        </div>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" className="min-h-11" onClick={props.onBack} disabled={sending}>
          <Trans>Pick another time</Trans>
        </Button>
        <Button type="submit" className="min-h-11" disabled={sending} aria-busy={sending || undefined}>
          <Trans>Request this time</Trans>
        </Button>
      </div>
    </form>
  )
}

function CancelLinkPanel(props: BookingPageProps) {
  const { t } = useLingui()
  const title = props.page?.title ?? ''
  if (props.cancelStep === 'canceled')
    return (
      <div className="space-y-4">
        <Alert tone="info">
          {props.canceled ? (
            <Trans>Your booking for {bookingWhen(props.canceled.start, props.canceled.end, props.timeZone)} is canceled.</Trans>
          ) : (
            <Trans>Your booking is canceled.</Trans>
          )}
        </Alert>
        <Button className="min-h-11" onClick={props.onBookAgain}>
          <Trans>Book another time</Trans>
        </Button>
      </div>
    )
  const busy = props.cancelStep === 'canceling'
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <Trans>You opened the link to cancel your booking for {title}.</Trans>
      </p>
      {props.error ? <Alert>{props.error}</Alert> : null}
      {props.cancelStep === 'offer' ? (
        <Button variant="danger" className="min-h-11" onClick={props.onCancelBooking}>
          <Trans>Cancel my booking</Trans>
        </Button>
      ) : (
        <div role="group" aria-label={t`Confirm canceling your booking`} className="rounded-md bg-red-50 p-3 text-sm text-slate-800">
          <p>
            <Trans>Cancel your booking? Its time becomes free for others.</Trans>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="danger" className="min-h-11" onClick={props.onConfirmCancel} disabled={busy} aria-busy={busy || undefined}>
              <Trans>Yes, cancel it</Trans>
            </Button>
            <Button variant="secondary" className="min-h-11" onClick={props.onKeep} disabled={busy}>
              <Trans>Keep my booking</Trans>
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}

/** The public booking page (/booking/{id}): the page's owner and title, its free times a week at a time in the visitor's zone, the details, the request. */
export function BookingPageView(props: BookingPageProps) {
  const { t } = useLingui()
  const page = props.page
  const body = (() => {
    switch (props.screen) {
      case 'loading':
        return (
          <p role="status" className="text-sm text-slate-600">
            <Trans>Loading the booking page…</Trans>
          </p>
        )
      case 'notFound':
        return (
          <Alert>
            <Trans>This booking page does not exist or was removed.</Trans>
          </Alert>
        )
      case 'loadFailed':
        return <LoadFailed onRetry={props.onRetry}>{props.error ?? <Trans>The booking page could not be loaded.</Trans>}</LoadFailed>
      case 'inactive':
        return (
          <Alert tone="info">
            <Trans>This booking page is not taking bookings right now.</Trans>
          </Alert>
        )
      case 'browsing':
        return <FreeTimes {...props} />
      case 'details':
        return <Details {...props} />
      case 'booked':
        return (
          <p role="status" className="text-sm text-slate-600">
            <Trans>Your request was sent.</Trans>
          </p>
        )
      case 'cancel':
        return <CancelLinkPanel {...props} />
    }
  })()
  return (
    <main className="flex min-h-screen flex-col items-center bg-slate-50 px-3 py-6 text-slate-800 sm:px-4 sm:py-10">
      <a href="/" aria-label={t`Workroom home`} className="mb-6 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-500">
        <Logo />
      </a>
      <section
        aria-labelledby="booking-page-title"
        className="w-full max-w-3xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:p-8"
      >
        <header className="mb-6 flex items-start gap-3">
          {page ? <Avatar photoUrl={page.owner.photo_url} initials={initialsOf(page.owner.name)} size={48} /> : null}
          <div className="min-w-0">
            {page ? <p className="text-sm text-slate-600">{page.owner.name}</p> : null}
            <h1 id="booking-page-title" className="text-xl font-semibold break-words text-slate-900 sm:text-2xl">
              {page?.title ?? <Trans>Book a time</Trans>}
            </h1>
            {page ? (
              <p className="mt-1 text-sm text-slate-600">
                <Trans>{page.duration_minutes} minutes</Trans>
              </p>
            ) : null}
            {page?.description ? <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{page.description}</p> : null}
          </div>
        </header>
        {body}
      </section>
    </main>
  )
}
