import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { MeetingDetail, MeetingHostBody, MeetingRoomContext, MeetingRoomEvent, MeetingRoomInput } from './meeting-room.types'

/**
 * A meeting's side panel beside its room (the callRoom machine runs the media): the join code,
 * the meeting's own chat and, for the host, the controls.
 *
 *   ready
 *     TOGGLE: the panel opens or closes
 *     LINE (ROOM_CHAT): a line is added; DRAFT, SEND (not blank): the line goes out (injected `sendLine`)
 *     COPY: the code is copied (injected `copyCode`), "Copied" shows
 *     LOCKED (ROOM_HOST lock/unlock): the room is locked or unlocked
 *     MUTE | REMOVE (a participant), LOCK, END: the host only -> acting: POST call-open/host
 *       done  -> ready (locked as the server says)
 *       error -> ready, with the server's words
 */

export const CHAT_LINE_MAX = 2_000

const notProvided = actorNotProvided('meetingRoom')

export const meetingRoomMachine = setup({
  types: {
    context: {} as MeetingRoomContext,
    events: {} as MeetingRoomEvent,
    input: {} as MeetingRoomInput,
  },
  actors: {
    /** POST call-open/host with the host's room token. */
    hostAction: fromPromise<MeetingDetail, MeetingHostBody>(notProvided('hostAction')),
  },
  guards: {
    isHost: ({ context }) => context.host,
    hasDraft: ({ context }) => context.draft.trim() !== '' && context.draft.trim().length <= CHAT_LINE_MAX,
  },
  actions: {
    /** Injected: ROOM_CHAT. */
    sendLine: (_, _params: { text: string }) => {},
    /** Injected: the code to the clipboard. */
    copyCode: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'meetingRoom',
  context: ({ input }) => ({ ...input, lines: [], draft: '', open: false, locked: false, error: null, copied: false }),
  initial: 'ready',
  on: {
    TOGGLE: { actions: assign({ open: ({ context }) => !context.open }) },
    LINE: {
      actions: assign({
        lines: ({ context, event }) => {
          assertEvent(event, 'LINE')
          return [...context.lines, event.line]
        },
      }),
    },
    DRAFT: {
      actions: assign(({ event }) => {
        assertEvent(event, 'DRAFT')
        return { draft: event.value }
      }),
    },
    SEND: {
      guard: 'hasDraft',
      actions: [{ type: 'sendLine', params: ({ context }) => ({ text: context.draft.trim() }) }, assign({ draft: '' })],
    },
    COPY: { actions: [{ type: 'copyCode', params: ({ context }) => ({ code: context.code }) }, assign({ copied: true })] },
    LOCKED: {
      actions: assign(({ event }) => {
        assertEvent(event, 'LOCKED')
        return { locked: event.locked }
      }),
    },
  },
  states: {
    ready: {
      on: {
        MUTE: { guard: 'isHost', target: 'acting' },
        REMOVE: { guard: 'isHost', target: 'acting' },
        LOCK: { guard: 'isHost', target: 'acting' },
        END: { guard: 'isHost', target: 'acting' },
      },
    },
    acting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'hostAction',
        src: 'hostAction',
        input: ({ context, event }): MeetingHostBody => {
          const meeting_id = context.meetingId
          if (event.type === 'MUTE') return { meeting_id, action: 'mute', participant_id: event.participantId }
          if (event.type === 'REMOVE') return { meeting_id, action: 'remove', participant_id: event.participantId }
          if (event.type === 'LOCK') return { meeting_id, action: 'lock', locked: event.locked }
          return { meeting_id, action: 'end' }
        },
        onDone: { target: 'ready', actions: assign({ locked: ({ event }) => event.output.locked }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorTextOf(event) || null }) },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const meetingRoomSampleInput: MeetingRoomInput = { meetingId: 'meeting-1', code: '123456789', host: true }

export type MeetingRoomMachine = typeof meetingRoomMachine
export type MeetingRoomActor = ActorRefFrom<MeetingRoomMachine>
export type MeetingRoomSnapshot = SnapshotFrom<MeetingRoomMachine>
