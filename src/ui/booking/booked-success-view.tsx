import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { bookingWhen, zoneLabel } from '../../services/booking-time'
import { buttonClass } from '../button'
import { Logo } from '../marketing/logo'

export interface BookedSuccessViewProps {
  title: string
  start: string
  end: string
  /** The visitor's time zone: the time shows in it. */
  timeZone: string
  /** requested (waits for the owner) or approved. */
  status: string
  /** The booking page (Book another time). */
  pageId: string | null
  /** A guest's booking and its cancel secret (the link of their emails). */
  cancel: { bookingId: string; token: string } | null
  signedIn: boolean
}

/** /booked/success: the time just requested, in the visitor's zone, and what happens next. */
export function BookedSuccessView(props: BookedSuccessViewProps) {
  const { t } = useLingui()
  const valid = !Number.isNaN(Date.parse(props.start)) && !Number.isNaN(Date.parse(props.end))
  const approved = props.status === 'approved'
  return (
    <main className="flex min-h-screen flex-col items-center bg-slate-50 px-3 py-6 text-slate-800 sm:px-4 sm:py-10">
      <a href="/" aria-label={t`Workroom home`} className="mb-6 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-500">
        <Logo />
      </a>
      <section aria-labelledby="booked-title" className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 id="booked-title" className="text-xl font-semibold text-slate-900">
          {approved ? <Trans>Your booking is confirmed</Trans> : <Trans>Your request was sent</Trans>}
        </h1>
        {valid ? (
          <div role="status" className="mt-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            <p className="font-semibold break-words">{props.title}</p>
            <p>{bookingWhen(props.start, props.end, props.timeZone)}</p>
            <p className="text-emerald-800">{zoneLabel(props.timeZone)}</p>
          </div>
        ) : null}
        <p className="mt-4 text-sm text-slate-700">
          {approved ? (
            <Trans>The time is yours. You will be reminded before it starts.</Trans>
          ) : props.signedIn ? (
            <Trans>The owner will approve or decline it; you will get a notification.</Trans>
          ) : (
            <Trans>The owner will approve or decline it; you will get an email.</Trans>
          )}
        </p>
        <div className="mt-6 flex flex-wrap gap-2">
          {props.signedIn ? (
            <Link to="/calendar/booked" className={buttonClass('primary', 'md', 'min-h-11')}>
              <Trans>See your bookings</Trans>
            </Link>
          ) : null}
          {props.pageId && props.cancel ? (
            <Link
              to="/booking/$id"
              params={{ id: props.pageId }}
              search={{ cancel: props.cancel.bookingId, token: props.cancel.token }}
              className={buttonClass('secondary', 'md', 'min-h-11')}
            >
              <Trans>Cancel this booking</Trans>
            </Link>
          ) : null}
          {props.pageId ? (
            <Link to="/booking/$id" params={{ id: props.pageId }} className={buttonClass('secondary', 'md', 'min-h-11')}>
              <Trans>Book another time</Trans>
            </Link>
          ) : null}
        </div>
      </section>
    </main>
  )
}
