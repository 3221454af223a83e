import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { BOOKING_DESCRIPTION_MAX, BOOKING_TITLE_MAX, BOOKING_WINDOWS_MAX } from '../../../contract/booking'
import { SERVER_FIELD, slotsFormProblems, WEEKDAYS, type SlotsFormSnapshot } from './slots-form.machine'
import type { SlotsFormEvent, SlotsTextField, WindowProblem } from './slots-form.types'

const titleMax = BOOKING_TITLE_MAX
const descriptionMax = BOOKING_DESCRIPTION_MAX
const windowsMax = BOOKING_WINDOWS_MAX

const PROBLEM_MESSAGES: Record<SlotsTextField, MessageDescriptor> = {
  title: msg`Write a title`,
  description: msg`The description can be at most ${descriptionMax} characters`,
  duration: msg`Enter a length from 5 to 480 minutes`,
  buffer: msg`Enter a buffer from 0 to 240 minutes`,
  notice: msg`Enter a notice from 0 to 43200 minutes (30 days)`,
  horizon: msg`Enter from 1 to 365 days`,
  timeZone: msg`Choose a time zone`,
}
const TITLE_TOO_LONG = msg`The title can be at most ${titleMax} characters`
const WINDOWS_MESSAGES = { none: msg`Add at least one time when you are available`, tooMany: msg`At most ${windowsMax} windows a week` }
const WINDOW_MESSAGES: Record<NonNullable<WindowProblem>, MessageDescriptor> = {
  time: msg`Enter the times as HH:mm`,
  order: msg`The end must be after the start`,
  overlap: msg`This overlaps another window of the day`,
}

export interface SlotsFieldProps {
  value: string
  /** Why the form cannot be sent with it (once Save was refused). */
  problem: MessageDescriptor | null
  /** The server's messages for it, from the last refused save. */
  serverErrors: string[]
  onChange: (value: string) => void
}

export interface SlotsWindowProps {
  /** Its index in the week's windows (the rows' key). */
  index: number
  start: string
  end: string
  problem: MessageDescriptor | null
  onStart: (value: string) => void
  onEnd: (value: string) => void
  onRemove: () => void
}

export interface SlotsDayProps {
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number
  windows: SlotsWindowProps[]
  onAdd: () => void
}

/** The "Create your slots" / "Edit your slots" page's props and handlers. */
export interface SlotsFormProps {
  /** Editing a page (else a new one). */
  editing: boolean
  /** The page being edited is being read. */
  loading: boolean
  /** It could not be read: the reason and Retry. */
  loadFailed: boolean
  /** Being saved: the form waits. */
  busy: boolean
  fields: Record<SlotsTextField, SlotsFieldProps>
  /** The week, Monday first, each day with its windows. */
  days: SlotsDayProps[]
  windowsProblem: MessageDescriptor | null
  windowsServerErrors: string[]
  active: boolean
  /** The server's reason the last save (or read) failed, with its messages for no field shown here. */
  error: string | null
  onActive: (value: boolean) => void
  onSubmit: () => void
  onCancel: () => void
  onRetry: () => void
}

const FIELDS: SlotsTextField[] = ['title', 'description', 'duration', 'buffer', 'notice', 'horizon', 'timeZone']

/** Pure: snapshot and send -> the page's props and handlers. */
export function connect(snapshot: SlotsFormSnapshot, send: (event: SlotsFormEvent) => void): SlotsFormProps {
  const context = snapshot.context
  const problems = context.checked ? slotsFormProblems(context) : null
  const shown = new Set(Object.values(SERVER_FIELD))
  const others = Object.entries(context.fieldErrors)
    .filter(([field]) => !shown.has(field))
    .flatMap(([, messages]) => messages)
  const error = [context.error, ...others].filter((text): text is string => Boolean(text)).join(' ') || null
  const fields = Object.fromEntries(
    FIELDS.map((field) => {
      const problem = problems?.[field] ?? null
      return [
        field,
        {
          value: context[field],
          problem: problem === null ? null : problem === 'tooLong' && field === 'title' ? TITLE_TOO_LONG : PROBLEM_MESSAGES[field],
          serverErrors: context.fieldErrors[SERVER_FIELD[field]] ?? [],
          onChange: (value: string) => send({ type: 'FIELD', field, value }),
        } satisfies SlotsFieldProps,
      ]
    }),
  ) as Record<SlotsTextField, SlotsFieldProps>
  return {
    editing: context.pageId !== null,
    loading: snapshot.matches('loading') || snapshot.matches('starting'),
    loadFailed: snapshot.matches('loadFailed'),
    busy: snapshot.matches('saving'),
    fields,
    days: WEEKDAYS.map((weekday) => ({
      weekday,
      windows: context.windows.flatMap((window, index) =>
        window.weekday !== weekday
          ? []
          : [
              {
                index,
                start: window.start,
                end: window.end,
                problem: problems?.window[index] ? WINDOW_MESSAGES[problems.window[index]] : null,
                onStart: (value: string) => send({ type: 'WINDOW_TIME', index, edge: 'start', value }),
                onEnd: (value: string) => send({ type: 'WINDOW_TIME', index, edge: 'end', value }),
                onRemove: () => send({ type: 'REMOVE_WINDOW', index }),
              },
            ],
      ),
      onAdd: () => send({ type: 'ADD_WINDOW', weekday }),
    })),
    windowsProblem: problems?.windows ? WINDOWS_MESSAGES[problems.windows] : null,
    windowsServerErrors: context.fieldErrors.availability ?? [],
    active: context.active,
    error,
    onActive: (value) => send({ type: 'ACTIVE', value }),
    onSubmit: () => send({ type: 'SUBMIT' }),
    onCancel: () => send({ type: 'CANCEL' }),
    onRetry: () => send({ type: 'RETRY' }),
  }
}
