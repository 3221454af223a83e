import { useState, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useCalendarEvent } from '../../../services/calendar'
import { Page } from '../../../ui/app/page'
import { EventDetail } from '../../../ui/calendar/event-detail'
import { EditReminderDialog, TaskStatusPanel } from '../../-calendar'

/**
 * A reminder's or task's page (/calendar/<id>, and a channel calendar's detail/<id>): the way back
 * above it (and again once it is gone), Edit in a dialog, a task's status.
 */
export function CalendarEventPage({
  eventId,
  occurrence,
  meId,
  backLink,
  onDeleted,
}: {
  eventId: string
  occurrence: string | null
  meId: string
  /** The link back to the calendar it was opened from. */
  backLink: ReactNode
  /** Deleted here: the page leaves for its calendar. */
  onDeleted: () => void
}) {
  const { t } = useLingui()
  const [editing, setEditing] = useState(false)
  const { changed, ...detail } = useCalendarEvent({ eventId, meId, occurrence, onDeleted })
  const event = detail.event
  return (
    <Page title={event?.title ?? t`Reminder`}>
      <p className="-mt-3 mb-4 text-sm">{backLink}</p>
      <EventDetail
        {...detail}
        backLink={backLink}
        onEdit={() => setEditing(true)}
        taskStatus={event && event.kind === 'task' ? <TaskStatusPanel event={event} meId={meId} /> : null}
      />
      {editing && event ? <EditReminderDialog event={event} meId={meId} onSaved={changed} onClosed={() => setEditing(false)} /> : null}
    </Page>
  )
}

/** The search of an event's page: ?occurrence=<its rule's start>, the occurrence opened. */
