import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { localTime, zonedInstant } from '../../../contract/attention'
import { schedulePresetAt, tomorrowMorning } from '../../../contract/later-times'
import { SCHEDULED_AHEAD_MAX_DAYS } from '../../../contract/scheduled'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  SavedScheduled,
  SaveScheduledInput,
  ScheduledFieldError,
  ScheduledFormContext,
  ScheduledFormEvent,
  ScheduledFormInput,
} from './scheduled-form.types'

/**
 * "Schedule message" (beside the composer's Send) and a scheduled message's "Edit": when to send
 * it, in the reader's time zone.
 *
 *   closed --OPEN_MENU--> menu (Tomorrow at 9:00, Monday at 9:00, Custom time…)
 *   menu --PRESET--> saving at that time; --CUSTOM--> custom (tomorrow at 9:00 to start from)
 *   closed --EDIT--> custom with the message's text and time (edit)
 *   custom --TEXT | DATE | TIME--> the field changes; --SUBMIT [a time ahead, within a year, a text]--> saving;
 *     --SUBMIT otherwise--> custom, saying why (invalid, past, tooFar, empty)
 *   saving --done--> closed, told to `saved` (the composer's draft clears, the lists change);
 *     --error--> custom with the server's reason
 *   menu | custom --CLOSE--> closed
 *   closed --DISMISS--> the note about the last save goes (opening the form again drops it too)
 *
 * Pure: `saveScheduled` (POST scheduled/create or PUT scheduled/update) and `saved` are injected.
 */

const DAY = 24 * 60 * 60 * 1000
const notProvided = actorNotProvided('scheduledForm')
const two = (n: number) => String(n).padStart(2, '0')

/** An instant as the date and time fields show it in `tz`. */
export function fieldsOf(at: Date, tz: string): { date: string; time: string } {
  const l = localTime(at, tz)
  return { date: `${l.year}-${two(l.month)}-${two(l.day)}`, time: `${two(l.hour)}:${two(l.minute)}` }
}

/** The fields' instant in `tz` (null: not a date and time). */
export function instantOf(date: string, time: string, tz: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const t = /^(\d{2}):(\d{2})$/.exec(time)
  if (!d || !t) return null
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [number, number, number, number, number]
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null
  return zonedInstant(tz, year, month, day, hour, minute)
}

/** Why the fields cannot be saved now, or null. */
export function fieldErrorOf(
  context: Pick<ScheduledFormContext, 'date' | 'time' | 'timeZone' | 'text'>,
  now: number,
): ScheduledFieldError | null {
  if (context.text.trim() === '') return 'empty'
  const at = instantOf(context.date, context.time, context.timeZone)
  if (!at) return 'invalid'
  if (at.getTime() <= now) return 'past'
  if (at.getTime() > now + SCHEDULED_AHEAD_MAX_DAYS * DAY) return 'tooFar'
  return null
}

export const scheduledFormMachine = setup({
  types: { context: {} as ScheduledFormContext, events: {} as ScheduledFormEvent, input: {} as ScheduledFormInput },
  actors: {
    saveScheduled: fromPromise<SavedScheduled, SaveScheduledInput>(notProvided('saveScheduled')),
  },
  guards: {
    fieldsValid: ({ context }) => fieldErrorOf(context, context.now()) === null,
  },
  actions: {
    /** Injected: what was saved (the composer clears its draft, the lists take it). */
    saved: (_, _params: { scheduled: SavedScheduled; mode: 'create' | 'edit' }) => {},
    openMenu: assign(({ event }) =>
      event.type === 'OPEN_MENU'
        ? {
            mode: 'create' as const,
            topicId: event.topicId,
            scheduledId: null,
            text: event.text,
            fieldError: null,
            error: null,
            lastSaved: null,
          }
        : {},
    ),
    keepSaved: assign(({ event }) => ({ lastSaved: outputOf<SavedScheduled>(event) })),
    dismiss: assign({ lastSaved: null }),
    choosePreset: assign(({ context, event }) =>
      event.type === 'PRESET' ? { sendAt: schedulePresetAt(event.preset, new Date(context.now()), context.timeZone).toISOString() } : {},
    ),
    startCustom: assign(({ context }) => ({
      ...fieldsOf(tomorrowMorning(new Date(context.now()), context.timeZone), context.timeZone),
      fieldError: null,
    })),
    startEdit: assign(({ context, event }) =>
      event.type === 'EDIT'
        ? {
            mode: 'edit' as const,
            topicId: event.item.topic_id,
            scheduledId: event.item._id,
            text: event.item.message,
            ...fieldsOf(new Date(event.item.send_at), context.timeZone),
            fieldError: null,
            error: null,
            lastSaved: null,
          }
        : {},
    ),
    setText: assign(({ event }) => (event.type === 'TEXT' ? { text: event.value, fieldError: null } : {})),
    setDate: assign(({ event }) => (event.type === 'DATE' ? { date: event.value, fieldError: null } : {})),
    setTime: assign(({ event }) => (event.type === 'TIME' ? { time: event.value, fieldError: null } : {})),
    takeFields: assign(({ context }) => ({ sendAt: instantOf(context.date, context.time, context.timeZone)!.toISOString(), error: null })),
    showFieldError: assign(({ context }) => ({ fieldError: fieldErrorOf(context, context.now()) })),
    keepTimeOfFailure: assign(({ context, event }) => ({
      error: errorTextOf(event),
      ...fieldsOf(new Date(context.sendAt!), context.timeZone),
    })),
    reset: assign({ topicId: null, scheduledId: null, text: '', date: '', time: '', sendAt: null, fieldError: null, error: null }),
  },
}).createMachine({
  id: 'scheduledForm',
  context: ({ input }) => ({
    ...input,
    mode: 'create',
    topicId: null,
    scheduledId: null,
    text: '',
    date: '',
    time: '',
    sendAt: null,
    fieldError: null,
    error: null,
    lastSaved: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN_MENU: { target: 'menu', actions: 'openMenu' },
        EDIT: { target: 'custom', actions: 'startEdit' },
        DISMISS: { actions: 'dismiss' },
      },
    },
    menu: {
      on: {
        PRESET: { target: 'saving', actions: 'choosePreset' },
        CUSTOM: { target: 'custom', actions: 'startCustom' },
        CLOSE: { target: 'closed', actions: 'reset' },
      },
    },
    custom: {
      on: {
        TEXT: { actions: 'setText' },
        DATE: { actions: 'setDate' },
        TIME: { actions: 'setTime' },
        SUBMIT: [{ guard: 'fieldsValid', target: 'saving', actions: 'takeFields' }, { actions: 'showFieldError' }],
        CLOSE: { target: 'closed', actions: 'reset' },
      },
    },
    saving: {
      invoke: {
        id: 'saveScheduled',
        src: 'saveScheduled',
        input: ({ context }) => ({
          mode: context.mode,
          topicId: context.topicId!,
          scheduledId: context.scheduledId,
          text: context.text,
          sendAt: context.sendAt!,
        }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'saved', params: ({ context, event }) => ({ scheduled: outputOf<SavedScheduled>(event), mode: context.mode }) },
            'keepSaved',
            'reset',
          ],
        },
        onError: { target: 'custom', actions: 'keepTimeOfFailure' },
      },
    },
  },
})

export type ScheduledFormMachine = typeof scheduledFormMachine
export type ScheduledFormActor = ActorRefFrom<ScheduledFormMachine>
export type ScheduledFormSnapshot = SnapshotFrom<ScheduledFormMachine>

/** What the visualiser starts it with. */
export const scheduledFormSampleInput: ScheduledFormInput = { timeZone: 'Asia/Ho_Chi_Minh', now: () => Date.now() }
