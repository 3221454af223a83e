import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CalendarEventProps } from '../../machines/calendar-event'
import { Alert } from '../alert'
import { Button } from '../button'
import { Confirmation } from '../confirmation'
import { Icon } from '../icons'
import { LoadFailed } from '../load-failed'
import { TextField } from '../text-field'
import { clockDay, longDate, useDayjsLocale, useRemindName } from './calendar-words'
import { repeatText } from './repeat-text'

export interface EventDetailProps extends CalendarEventProps {
  /** "Edit": opens the edit dialog (its creator). */
  onEdit: () => void
  /** A task's status and its moves. */
  taskStatus?: ReactNode
  /** The way back once it is gone (default: to /calendar; a channel's page: to the channel calendar). */
  backLink?: ReactNode
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * A reminder's or task's page: when (HH:MM DD/MM and the date), how it repeats, its time zone and
 * reminder, its chat and message, who made it and who it is assigned to, the task's status, a
 * repeating one's coming occurrences with Skip and Move, Edit, Download .ics and Delete.
 */
export function EventDetail(props: EventDetailProps) {
  const { t } = useLingui()
  const locale = useDayjsLocale()
  const remindName = useRemindName()
  const { event } = props
  if (props.loading)
    return (
      <p role="status" className="py-6 text-sm text-slate-500">
        <Trans>Loading…</Trans>
      </p>
    )
  const reason = props.error
  if (props.failed)
    return (
      <LoadFailed onRetry={props.onRetry} className="py-4">
        <span>
          <Trans>This reminder could not be loaded: {reason}</Trans>
        </span>
      </LoadFailed>
    )
  if (props.gone || props.deleted || !event)
    return (
      <div className="space-y-3">
        <Alert tone="info">{props.deleted ? <Trans>Deleted.</Trans> : <Trans>This reminder was deleted.</Trans>}</Alert>
        {props.backLink ?? (
          <Link to="/calendar" className="text-sm font-medium text-indigo-700 hover:underline">
            <Trans>Back to the calendar</Trans>
          </Link>
        )}
      </div>
    )
  const title = event.title
  const when = props.occurrence?.start ?? event.start
  const repeats = repeatText(event.rrule, locale)
  const chatName = event.topic_name ?? ''
  const ends = event.end ? clockDay(event.end) : ''
  const chosenAt = props.occurrence ? clockDay(props.occurrence.start) : ''
  const busy = props.busy !== null
  const task = event.kind === 'task'
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          <Icon name={task ? 'todo' : 'bell'} className="h-3.5 w-3.5" />
          {task ? <Trans>Task</Trans> : <Trans>Reminder</Trans>}
        </span>
        {props.refreshing ? (
          <span role="status" className="text-xs text-slate-500">
            <Trans>Updating…</Trans>
          </span>
        ) : null}
        <div className="ml-auto flex flex-wrap gap-2">
          {props.canManage ? (
            <Button variant="secondary" size="sm" className="min-h-10 sm:min-h-8" onClick={props.onEdit} disabled={busy}>
              <Trans>Edit</Trans>
            </Button>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            className="min-h-10 sm:min-h-8"
            onClick={props.onDownload}
            disabled={busy}
            aria-busy={props.busy === 'downloading' || undefined}
          >
            <Trans>Download .ics</Trans>
          </Button>
          {props.canManage ? (
            <Button
              variant="danger"
              size="sm"
              className="min-h-10 sm:min-h-8"
              onClick={props.onDelete}
              disabled={busy || props.confirming !== null}
            >
              {props.repeating ? <Trans>Delete the whole series</Trans> : <Trans>Delete</Trans>}
            </Button>
          ) : null}
        </div>
      </div>
      {props.confirming === 'delete' ? (
        <Confirmation
          label={t`Confirm deleting ${title}`}
          confirm={<Trans>Yes, delete</Trans>}
          onConfirm={props.onConfirm}
          onCancel={props.onCancel}
          busy={props.busy === 'deleting'}
        >
          {props.repeating ? <Trans>Delete {title} and every one of its occurrences?</Trans> : <Trans>Delete {title}?</Trans>}
        </Confirmation>
      ) : null}
      {props.error ? <Alert>{props.error}</Alert> : null}
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white px-4">
        <Row label={task ? <Trans>Due</Trans> : <Trans>When</Trans>}>
          <time dateTime={when}>
            <span className="font-semibold">{clockDay(when)}</span> · {longDate(when, locale)}
          </time>
          {event.end ? (
            <span className="block text-slate-600">
              <Trans>Until {ends}</Trans>
            </span>
          ) : null}
        </Row>
        {repeats ? <Row label={<Trans>Repeats</Trans>}>{repeats}</Row> : null}
        <Row label={<Trans>Time zone</Trans>}>{event.time_zone.replace(/_/g, ' ')}</Row>
        <Row label={<Trans>Reminds</Trans>}>{remindName(event.remind_minutes)}</Row>
        {event.topic_id ? (
          <Row label={<Trans>Chat</Trans>}>
            <Link to="/chat/$topicId" params={{ topicId: event.topic_id }} className="font-medium text-indigo-700 hover:underline">
              {chatName || t`New Message`}
            </Link>
          </Row>
        ) : (
          <Row label={<Trans>Who sees it</Trans>}>
            <Trans>Personal</Trans>
          </Row>
        )}
        {event.message_id ? (
          <Row label={<Trans>About</Trans>}>
            {event.message_link ? (
              <Link
                to="/chat/$topicId"
                params={{ topicId: event.message_link.topic_id }}
                search={{ seq: event.message_link.seq }}
                className="text-indigo-700 hover:underline"
              >
                <Trans>Open the message</Trans>
              </Link>
            ) : event.topic_id ? (
              <Link to="/chat/$topicId" params={{ topicId: event.topic_id }} className="text-indigo-700 hover:underline">
                <Trans>A message in {chatName}</Trans>
              </Link>
            ) : (
              <Trans>A message</Trans>
            )}
          </Row>
        ) : null}
        <Row label={<Trans>Made by</Trans>}>{event.creator.name}</Row>
        {task ? (
          <Row label={<Trans>Assigned to</Trans>}>
            <ul>
              {event.assignees.map((person) => (
                <li key={person._id}>{person.name}</li>
              ))}
            </ul>
          </Row>
        ) : null}
        {event.note ? (
          <Row label={<Trans>Note</Trans>}>
            <span className="whitespace-pre-wrap">{event.note}</span>
          </Row>
        ) : null}
      </dl>
      {props.taskStatus}
      {props.repeating ? (
        <section aria-labelledby="occurrences-title" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="occurrences-title" className="text-sm font-semibold text-slate-900">
            <Trans>Coming occurrences</Trans>
          </h2>
          {props.done === 'skipped' ? (
            <Alert tone="info" className="mt-2">
              <Trans>The occurrence was skipped.</Trans>
            </Alert>
          ) : props.done === 'moved' ? (
            <Alert tone="info" className="mt-2">
              <Trans>The occurrence was moved.</Trans>
            </Alert>
          ) : null}
          {props.upcoming.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">
              <Trans>No occurrences in the next 100 days.</Trans>
            </p>
          ) : (
            <fieldset className="mt-2">
              <legend className="sr-only">
                <Trans>Choose an occurrence</Trans>
              </legend>
              <ul className="max-h-60 space-y-1 overflow-y-auto">
                {props.upcoming.map((item) => (
                  <li key={item.occurrence}>
                    <label className="flex min-h-10 items-center gap-2 rounded-md px-2 text-sm text-slate-800 hover:bg-slate-50">
                      <input
                        type="radio"
                        name="occurrence"
                        checked={item.chosen}
                        onChange={item.onPick}
                        disabled={busy || props.confirming !== null || props.move !== null}
                        className="h-4 w-4"
                      />
                      <span className="flex min-w-0 flex-wrap gap-x-2">
                        <span className="font-medium whitespace-nowrap tabular-nums">{clockDay(item.start)}</span>
                        <span className="text-slate-600">{longDate(item.start, locale)}</span>
                      </span>
                      {item.moved ? (
                        <span className="rounded bg-amber-100 px-1 text-xs text-amber-900">
                          <Trans>Moved</Trans>
                        </span>
                      ) : null}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          {props.canManage && props.occurrence ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                className="min-h-10 sm:min-h-8"
                onClick={props.onSkip}
                disabled={!props.canChangeOccurrence}
              >
                <Trans>Skip this occurrence</Trans>
              </Button>
              <Button
                variant="secondary"
                size="sm"
                className="min-h-10 sm:min-h-8"
                onClick={props.onMove}
                disabled={!props.canChangeOccurrence}
              >
                <Trans>Move this occurrence</Trans>
              </Button>
            </div>
          ) : null}
          {props.confirming === 'skip' && props.occurrence ? (
            <Confirmation
              label={t`Confirm skipping an occurrence`}
              confirm={<Trans>Yes, skip it</Trans>}
              onConfirm={props.onConfirm}
              onCancel={props.onCancel}
            >
              <Trans>Skip the occurrence at {chosenAt}? The others stay.</Trans>
            </Confirmation>
          ) : null}
          {props.busy === 'skipping' ? (
            <p role="status" className="mt-2 text-sm text-slate-500">
              <Trans>Skipping…</Trans>
            </p>
          ) : null}
          {props.move ? (
            <form
              noValidate
              aria-label={t`Move this occurrence`}
              className="mt-3 space-y-2 rounded-md bg-slate-50 p-3"
              onSubmit={(submitted) => {
                submitted.preventDefault()
                props.onConfirm()
              }}
            >
              <TextField
                label={t`New time`}
                type="datetime-local"
                value={props.move.value}
                disabled={props.move.busy}
                onChange={(changed) => props.move?.onChange(changed.target.value)}
              />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" size="sm" disabled={!props.move.valid || props.move.busy} aria-busy={props.move.busy || undefined}>
                  <Trans>Move</Trans>
                </Button>
                <Button variant="secondary" size="sm" onClick={props.onCancel} disabled={props.move.busy}>
                  <Trans>Cancel</Trans>
                </Button>
              </div>
            </form>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
