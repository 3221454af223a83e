import { useState } from 'react'
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { BookingInboxProps, BookingRole, BookingRow, BookingStatus } from '../../machines/booking-inbox'
import { bookingWhen, zoneLabel } from '../../services/booking-time'
import { Alert } from '../alert'
import { Button } from '../button'
import { Confirmation } from '../confirmation'
import { LoadFailed } from '../load-failed'

const ROLES: BookingRole[] = ['owner', 'booker']
const tabClass =
  'min-h-11 shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[selected]:bg-indigo-50 data-[selected]:text-indigo-700'

const STATUS_CLASS: Record<BookingStatus, string> = {
  requested: 'bg-amber-50 text-amber-900 ring-amber-200',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-slate-100 text-slate-700 ring-slate-200',
  canceled: 'bg-slate-100 text-slate-700 ring-slate-200',
}

function StatusName({ status }: { status: BookingStatus }) {
  switch (status) {
    case 'requested':
      return <Trans>Waiting for approval</Trans>
    case 'approved':
      return <Trans>Approved</Trans>
    case 'rejected':
      return <Trans>Declined</Trans>
    case 'canceled':
      return <Trans>Canceled</Trans>
  }
}

function Row({
  row,
  role,
  timeZone,
  busy,
  props,
}: {
  row: BookingRow
  role: BookingRole
  timeZone: string
  busy: boolean
  props: BookingInboxProps
}) {
  const { t } = useLingui()
  const [asking, setAsking] = useState(false)
  const { booking } = row
  const when = bookingWhen(booking.start, booking.end, timeZone)
  const who = role === 'owner' ? booking.name : booking.owner.name
  return (
    <li aria-label={`${booking.page_title}, ${when}`} className="space-y-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{when}</p>
          <p className="text-sm text-slate-600">
            {booking.page_title} · {who}
            {role === 'owner' && booking.email ? <> · {booking.email}</> : null}
          </p>
        </div>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_CLASS[booking.status]}`}>
          <StatusName status={booking.status} />
        </span>
      </div>
      {booking.note ? <p className="text-sm whitespace-pre-line text-slate-700">{booking.note}</p> : null}
      {row.actions.length ? (
        <div className="flex flex-wrap gap-2">
          {row.actions.includes('approve') ? (
            <Button
              size="sm"
              className="min-h-11"
              onClick={() => props.onApprove(booking._id)}
              disabled={busy}
              aria-busy={row.busy === 'approve' || undefined}
              aria-label={t`Approve ${who}, ${when}`}
            >
              <Trans>Approve</Trans>
            </Button>
          ) : null}
          {row.actions.includes('reject') ? (
            <Button
              variant="secondary"
              size="sm"
              className="min-h-11"
              onClick={() => props.onReject(booking._id)}
              disabled={busy}
              aria-busy={row.busy === 'reject' || undefined}
              aria-label={t`Decline ${who}, ${when}`}
            >
              <Trans>Decline</Trans>
            </Button>
          ) : null}
          {row.actions.includes('cancel') && !asking ? (
            <Button
              variant="ghost"
              size="sm"
              className="min-h-11"
              onClick={() => setAsking(true)}
              disabled={busy}
              aria-busy={row.busy === 'cancel' || undefined}
              aria-label={t`Cancel booking ${who}, ${when}`}
            >
              <Trans>Cancel booking</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
      {asking && row.actions.includes('cancel') ? (
        <Confirmation
          label={t`Confirm canceling the booking ${who}, ${when}`}
          confirm={<Trans>Yes, cancel the booking</Trans>}
          busy={busy}
          onConfirm={() => {
            setAsking(false)
            props.onCancel(booking._id)
          }}
          onCancel={() => setAsking(false)}
        >
          <Trans>Cancel this booking? {who} is told.</Trans>
        </Confirmation>
      ) : null}
    </li>
  )
}

export interface BookingInboxViewProps extends BookingInboxProps {
  /** The reader's time zone: the bookings' times show in it. */
  timeZone: string
}

/** The reader's upcoming bookings: "Requests" (of their pages: approve, decline, cancel) and "Booked by me" (cancel). */
export function BookingInboxView(props: BookingInboxViewProps) {
  const { t } = useLingui()
  const list = props.loading ? (
    <p role="status" className="py-6 text-center text-sm text-slate-500">
      <Trans>Loading bookings…</Trans>
    </p>
  ) : props.failed ? (
    <LoadFailed onRetry={props.onRetry} className="py-4">
      <Trans>The bookings could not be loaded.</Trans>
    </LoadFailed>
  ) : props.empty ? (
    <p className="py-6 text-center text-sm text-slate-500">
      {props.role === 'owner' ? <Trans>Nobody has booked your pages yet.</Trans> : <Trans>You have no upcoming bookings.</Trans>}
    </p>
  ) : (
    <>
      {props.error ? <Alert className="mb-2">{props.error}</Alert> : null}
      <ul
        aria-label={props.role === 'owner' ? t`Bookings of your pages` : t`Your bookings`}
        className="divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200"
      >
        {props.rows.map((row) => (
          <Row key={row.booking._id} row={row} role={props.role} timeZone={props.timeZone} busy={props.busy} props={props} />
        ))}
      </ul>
      {props.hasMore ? (
        <div className="mt-3 flex justify-center">
          <Button variant="secondary" onClick={props.onLoadMore} disabled={props.loadingMore} aria-busy={props.loadingMore || undefined}>
            <Trans>Load more</Trans>
          </Button>
        </div>
      ) : null}
    </>
  )
  return (
    <section aria-labelledby="bookings-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="bookings-title" className="text-lg font-semibold text-slate-900">
          <Trans>Upcoming bookings</Trans>
        </h2>
        <p className="text-xs text-slate-600">
          <Trans>Times in {zoneLabel(props.timeZone)}</Trans>
        </p>
      </div>
      <TabGroup selectedIndex={ROLES.indexOf(props.role)} onChange={(index) => props.onTab(ROLES[index]!)}>
        <TabList aria-label={t`Whose bookings`} className="flex gap-1 overflow-x-auto">
          <Tab className={tabClass}>
            <Trans>Requests</Trans>
          </Tab>
          <Tab className={tabClass}>
            <Trans>Booked by me</Trans>
          </Tab>
        </TabList>
        <TabPanels className="mt-3">
          <TabPanel>{props.role === 'owner' ? list : null}</TabPanel>
          <TabPanel>{props.role === 'booker' ? list : null}</TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  )
}
