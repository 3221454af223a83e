import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type {
  CallOpenResult,
  CreateMeetingInput,
  MeetingDetail,
  MeetingFormContext,
  MeetingFormError,
  MeetingFormEvent,
  MeetingFormInput,
} from './meeting-form.types'

/**
 * The meeting-now dialog: start an instant meeting, or join one by its code.
 *
 *   editing
 *     START (Get started; disabled while both the meeting name and the user name are empty)
 *       -> creating: POST call-open/create {room_name, name, password}; a password makes the
 *          room private
 *     JOIN (with a code; spaces and dashes of "123-456-789" ignored) -> joining: GET call-open/detail/{code}
 *     CLOSE -> closed
 *   creating --done--> opened: navigate to /call-open/{id}?jwt&room&name&code (the host is in)
 *   joining --done--> opened: navigate to /call-open/{id}?room&name&code, whose join screen asks
 *     for a name (and the password of a private meeting) before call-open/join
 *   creating --error--> editing (says so); joining --error--> editing ('Code is incorrect')
 *
 * Pure: the calls are injected promise actors, the navigation the injected `openMeeting`.
 */

/** The meeting page, with the query values the room needs. */
export function meetingHref(result: CallOpenResult, context: Pick<MeetingFormContext, 'roomName' | 'name'>): string {
  const query = new URLSearchParams({ jwt: result.jwt, room: context.roomName.trim(), name: context.name.trim(), code: result.code })
  return `/call-open/${encodeURIComponent(result._id)}?${query.toString()}`
}

/** The join screen of a meeting found by its code: its name, and the name typed here to start with. */
export function meetingJoinHref(detail: MeetingDetail, context: Pick<MeetingFormContext, 'name'>): string {
  const query = new URLSearchParams({ room: detail.room_name, name: context.name.trim(), code: detail.code })
  return `/call-open/${encodeURIComponent(detail._id)}?${query.toString()}`
}

/** The digits of a typed code ("123 456-789" -> "123456789"). */
export const codeDigits = (code: string) => code.replace(/\D/g, '')

export const canStartMeeting = (context: Pick<MeetingFormContext, 'roomName' | 'name'>) =>
  context.roomName.trim() !== '' || context.name.trim() !== ''

const notProvided = actorNotProvided('meetingForm')

export const meetingFormMachine = setup({
  types: {
    context: {} as MeetingFormContext,
    events: {} as MeetingFormEvent,
    input: {} as MeetingFormInput,
  },
  actors: {
    /** POST call-open/create {room_name, name, password}. */
    createMeeting: fromPromise<CallOpenResult, CreateMeetingInput>(notProvided('createMeeting')),
    /** GET call-open/detail/{code}. */
    findMeeting: fromPromise<MeetingDetail, { code: string }>(notProvided('findMeeting')),
  },
  guards: {
    canStart: ({ context }) => canStartMeeting(context),
    hasCode: ({ context }) => codeDigits(context.code) !== '',
  },
  actions: {
    /** Injected: go to the meeting page. */
    openMeeting: (_, _params: { href: string }) => {},
    changeField: assign(({ event }) => {
      assertEvent(event, 'CHANGE')
      return { [event.field]: event.value, error: null }
    }),
    showError: assign((_, params: { error: MeetingFormError }) => ({ error: params.error })),
  },
}).createMachine({
  id: 'meetingForm',
  context: ({ input }) => ({ roomName: '', name: input.name ?? '', password: '', code: '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'changeField' },
        START: { guard: 'canStart', target: 'creating' },
        JOIN: { guard: 'hasCode', target: 'joining' },
        CLOSE: 'closed',
      },
    },
    creating: {
      invoke: {
        id: 'createMeeting',
        src: 'createMeeting',
        input: ({ context }) => ({ room_name: context.roomName.trim(), name: context.name.trim(), password: context.password }),
        onDone: {
          target: 'opened',
          actions: { type: 'openMeeting', params: ({ context, event }) => ({ href: meetingHref(event.output, context) }) },
        },
        onError: { target: 'editing', actions: { type: 'showError', params: { error: 'create' } } },
      },
    },
    joining: {
      invoke: {
        id: 'findMeeting',
        src: 'findMeeting',
        input: ({ context }) => ({ code: codeDigits(context.code) }),
        onDone: {
          target: 'opened',
          actions: { type: 'openMeeting', params: ({ context, event }) => ({ href: meetingJoinHref(event.output, context) }) },
        },
        onError: { target: 'editing', actions: { type: 'showError', params: { error: 'code' } } },
      },
    },
    opened: { type: 'final' },
    closed: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const meetingFormSampleInput: MeetingFormInput = { name: 'Lan Nguyễn' }

export type MeetingFormMachine = typeof meetingFormMachine
export type MeetingFormActor = ActorRefFrom<MeetingFormMachine>
export type MeetingFormSnapshot = SnapshotFrom<MeetingFormMachine>
