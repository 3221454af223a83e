import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { BookingPagesProps } from '../../machines/booking-pages'
import { Alert } from '../alert'
import { Button, buttonClass } from '../button'
import { LoadFailed } from '../load-failed'

/** "Your booking pages": each with its public link (Copy), Edit and its on/off switch; "Create your slots". */
export function BookingPagesView(props: BookingPagesProps) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="booking-pages-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="booking-pages-title" className="text-lg font-semibold text-slate-900">
          <Trans>Your booking pages</Trans>
        </h2>
        <Link to="/calendar/create-your-slots" className={buttonClass('primary', 'md', 'min-h-11')}>
          <Trans>Create your slots</Trans>
        </Link>
      </div>
      {props.loading ? (
        <p role="status" className="py-4 text-sm text-slate-500">
          <Trans>Loading your booking pages…</Trans>
        </p>
      ) : props.failed ? (
        <LoadFailed onRetry={props.onRetry}>
          <Trans>Your booking pages could not be loaded.</Trans>
        </LoadFailed>
      ) : props.rows.length === 0 ? (
        <p className="py-4 text-sm text-slate-600">
          <Trans>No booking pages yet. Create your slots and share the link: people pick a free time and you approve it.</Trans>
        </p>
      ) : (
        <>
          {props.error ? <Alert>{props.error}</Alert> : null}
          <ul aria-label={t`Your booking pages`} className="divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200">
            {props.rows.map((row) => (
              <li key={row.page._id} aria-label={row.page.title} className="space-y-2 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{row.page.title}</p>
                    <p className="text-sm text-slate-600">
                      <Trans>{row.page.duration_minutes} minutes</Trans> · {row.page.time_zone.replace(/_/g, ' ')}
                    </p>
                  </div>
                  <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      checked={row.page.active}
                      onChange={row.onToggle}
                      disabled={props.busy}
                      aria-busy={row.toggling || undefined}
                      className="h-5 w-5 rounded border-slate-300"
                    />
                    <Trans>Taking bookings</Trans>
                  </label>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <a href={row.link} target="_blank" rel="noreferrer" className="min-w-0 truncate text-sm text-indigo-700 underline">
                    {row.link}
                  </a>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="min-h-11"
                    onClick={row.onCopy}
                    aria-label={t`Copy link of ${row.page.title}`}
                  >
                    <Trans>Copy link</Trans>
                  </Button>
                  <Link
                    to="/calendar/edit-your-slots/$id"
                    params={{ id: row.page._id }}
                    className={buttonClass('secondary', 'sm', 'min-h-11')}
                    aria-label={t`Edit ${row.page.title}`}
                  >
                    <Trans>Edit</Trans>
                  </Link>
                  {row.copied ? (
                    <span role="status" className="text-sm text-emerald-700">
                      <Trans>Link copied</Trans>
                    </span>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
