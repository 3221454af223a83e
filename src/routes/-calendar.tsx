import { useEffect, useState, type ReactNode } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { CALENDAR_TITLE_MAX, type CalendarEvent } from '../../contract/calendar'
import type { Message } from '../../contract/message'
import type { CalendarSearch } from './-calendar-search'
import { meIdOf } from '../machines/session'
import { useCalendar, useCalendarFeed, useReminderForm, useTaskStatus } from '../services/calendar'
import { useSession } from '../services/session'
import { buttonClass } from '../ui/button'
import { CalendarView as CalendarViewUi } from '../ui/calendar/calendar-view'
import { ChatCalendarItems } from '../ui/calendar/chat-calendar-items'
import { FeedPanel } from '../ui/calendar/feed-panel'
import { ReminderDialog } from '../ui/calendar/reminder-form-view'
import { TaskStatusView } from '../ui/calendar/task-status-view'
import { Icon } from '../ui/icons'

export interface CalendarBoardProps extends CalendarSearch {
  /** Only this channel's chats (the channel calendar). */
  channelId?: string
  /** The calendar's accessible name. */
  label: string
  /** The view and day are kept in the page's address (the /calendar page). */
  onMoved?: (search: CalendarSearch) => void
}

const newReminderClass = buttonClass('primary', 'md', 'h-10')

/**
 * The calendar with "New reminder" (for the chat when it shows one chat's; a channel's: in one of
 * its chats, on the channel's pages, where its events open too) and, for the reader's own
 * calendar, "Subscribe to your calendar".
 */
export function CalendarBoard({ view, date, type, status, topic, channelId, label, onMoved }: CalendarBoardProps) {
  const calendar = useCalendar({ view, date, type, status, topicId: topic ?? null, channelId: channelId ?? null })
  const moved = useLatest(onMoved)
  useEffect(() => {
    moved.current?.({ view: calendar.view, date: calendar.focused })
  }, [calendar.view, calendar.focused, moved])
  return (
    <div className="space-y-4">
      <CalendarViewUi
        {...calendar}
        label={label}
        channelId={channelId}
        actions={
          channelId ? (
            <Link
              to="/chat/channel/$channelId/calendar/create-calendar"
              params={{ channelId }}
              search={{ date: calendar.focused }}
              className={newReminderClass}
            >
              <Icon name="plus" className="h-4 w-4" />
              <Trans>New reminder</Trans>
            </Link>
          ) : (
            <Link
              to="/calendar/create-reminder"
              search={{ ...(topic ? { topic } : {}), date: calendar.focused }}
              className={newReminderClass}
            >
              <Icon name="plus" className="h-4 w-4" />
              <Trans>New reminder</Trans>
            </Link>
          )
        }
      />
      {topic || channelId ? null : <CalendarFeed />}
    </div>
  )
}

function CalendarFeed() {
  return <FeedPanel {...useCalendarFeed()} />
}

function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }))
  ref.current = value
  return ref
}

/** A task's status and its moves. */
export function TaskStatusPanel({ event, meId }: { event: CalendarEvent; meId: string }) {
  return <TaskStatusView {...useTaskStatus(event, meId)} title={event.title} />
}

/** The edit dialog of an event. */
export function EditReminderDialog({
  event,
  meId,
  onSaved,
  onClosed,
}: {
  event: CalendarEvent
  meId: string
  onSaved: (event: CalendarEvent) => void
  onClosed: () => void
}) {
  return (
    <ReminderDialog
      {...useReminderForm({
        event,
        topicId: event.topic_id,
        topicName: event.topic_name,
        messageId: event.message_id,
        members: null,
        meId,
        onSaved,
        onClosed,
      })}
    />
  )
}

/** The signed-in reader's id (the calendar pages wait for it). */
export const useMeId = () => useSession(meIdOf)

/** A message's words as a reminder's title: its text (a rich one's without markup) on one line, else its first file's name. */
function reminderTitleOf(message: Message): string {
  const text =
    message.type === 'html' ? (new DOMParser().parseFromString(message.message, 'text/html').body.textContent ?? '') : message.message
  const words = text.replace(/\s+/g, ' ').trim() || (message.media[0]?.name ?? '')
  return words.slice(0, CALENDAR_TITLE_MAX)
}

/**
 * An open chat's calendar: "Reminders" (its calendar) and "New reminder" in "Chat options", and a
 * message's "Remind me about this", which opens a new reminder about it.
 */
export function useChatCalendar(topic: { _id: string }): { chatMenuItems: ReactNode; onRemind: (message: Message) => void } {
  const navigate = useNavigate()
  return {
    chatMenuItems: <ChatCalendarItems topicId={topic._id} />,
    onRemind: (message) =>
      void navigate({
        to: '/calendar/create-reminder',
        search: { topic: topic._id, message: message._id, title: reminderTitleOf(message) || undefined },
      }),
  }
}
