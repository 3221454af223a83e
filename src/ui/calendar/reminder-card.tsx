import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { reminderMessage, type ReminderMessage } from '../../../contract/calendar'
import { Icon } from '../icons'
import { clockDay } from './calendar-words'

/** A reminder message's JSON text as its fields, or null when it is not one. */
export function parseReminderMessage(text: string): ReminderMessage | null {
  try {
    const parsed = reminderMessage.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** A group reminder's message in its chat: "Reminder: <title> at HH:MM DD/MM", linking to the reminder. */
export function ReminderCard({ text }: { text: string }) {
  const reminder = parseReminderMessage(text)
  if (!reminder)
    return (
      <p className="flex items-center gap-2">
        <Icon name="bell" className="h-4 w-4 shrink-0" />
        <Trans>Reminder</Trans>
      </p>
    )
  const { title } = reminder
  const time = clockDay(reminder.start)
  return (
    <Link
      to="/calendar/$id"
      params={{ id: reminder.event_id }}
      search={{ occurrence: reminder.start }}
      className="flex items-start gap-2 rounded-md underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <Icon name="bell" className="mt-0.5 h-4 w-4 shrink-0" />
      <span className="min-w-0 break-words">
        <Trans>
          Reminder: {title} at {time}
        </Trans>
      </span>
    </Link>
  )
}

/**
 * A message's text as a quote or a preview shows it: a reminder message's as its words ("Reminder:
 * Standup at 09:00 18/11", a quote carries no type: its text is read), any other as it is.
 */
export function QuotedText({ text }: { text: string }) {
  const reminder = parseReminderMessage(text)
  if (!reminder) return text
  const { title } = reminder
  const time = clockDay(reminder.start)
  return (
    <Trans>
      Reminder: {title} at {time}
    </Trans>
  )
}
