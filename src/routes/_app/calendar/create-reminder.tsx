import { useRef } from 'react'
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router'
import { dayIn } from '../../-calendar-search'
import { useReminderForm } from '../../../services/calendar'
import { ReminderFormPage } from '../../../ui/calendar/reminder-form-view'
import { useMeId } from '../../-calendar'

interface CreateReminderSearch {
  /** The chat it may go in. */
  topic?: string
  /** The message it is about ("Remind me about this"). */
  message?: string
  /** Its day. */
  date?: string
  /** Its title to start from (the message's words). */
  title?: string
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

/** /calendar/create-reminder: a new reminder or task (?topic for a chat's, ?message for one about a message). */
export const Route = createFileRoute('/_app/calendar/create-reminder')({
  validateSearch: (search: Record<string, unknown>): CreateReminderSearch => ({
    topic: text(search.topic),
    message: text(search.message),
    date: dayIn(search.date),
    title: text(search.title)?.slice(0, 200),
  }),
  loaderDeps: ({ search }) => ({ topic: search.topic }),
  loader: async ({ deps }) => (deps.topic ? (await import('../../../services/calendar')).calendarChat(deps.topic) : null),
  component: CreateReminderPage,
})

function CreateReminderPage() {
  const meId = useMeId()
  if (!meId) return null
  return <CreateReminder meId={meId} />
}

function CreateReminder({ meId }: { meId: string }) {
  const search = Route.useSearch()
  const chat = Route.useLoaderData()
  const navigate = useNavigate()
  const router = useRouter()
  const saved = useRef(false)
  const form = useReminderForm({
    event: null,
    topicId: chat?._id ?? null,
    topicName: chat?.name ?? null,
    messageId: search.message ?? null,
    members: chat?.members ?? null,
    meId,
    day: search.date,
    draftTitle: search.title,
    // "Remind me about this": a personal reminder unless the reader makes it the chat's.
    defaultScope: search.message ? 'personal' : undefined,
    onSaved: (event) => {
      saved.current = true
      void navigate({ to: '/calendar/$id', params: { id: event._id }, replace: true })
    },
    onClosed: () => {
      if (saved.current) return
      if (router.history.canGoBack()) router.history.back()
      else void navigate({ to: '/calendar', search: search.topic ? { topic: search.topic } : {} })
    },
  })
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <ReminderFormPage {...form} />
    </div>
  )
}
