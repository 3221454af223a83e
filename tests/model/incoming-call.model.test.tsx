import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { connect, incomingCallMachine, type IncomingCallRequest, type IncomingCallSnapshot } from '../../src/machines/incoming-call'
import { IncomingCallOverlay } from '../../src/ui/incoming-call/incoming-call-overlay'
import { answerOf, callOf } from '../support/calls'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof incomingCallMachine>

const call: IncomingCallRequest = { ...callOf({ _id: 'call-9', uuid: 'room-9' }), topic_name: 'Minh Tran' }
const idleOnly =
  <T,>(events: (snapshot: IncomingCallSnapshot) => T[]) =>
  (snapshot: IncomingCallSnapshot) =>
    snapshot.matches('idle') ? events(snapshot) : []

const overlay = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Incoming call from Minh Tran' })
const button = (kit: Kit, name: string) => within(overlay(kit)).getByRole<HTMLButtonElement>('button', { name })
const ringtone = ({ container }: Kit) => container.querySelector<HTMLAudioElement>('audio[data-tone="ringtone"]')

describeModel({
  machine: incomingCallMachine,
  input: { sounds: 1, calling: false, pathname: '/chat' },
  // Each new ring counts a play; past the second one they are all "repeated".
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, context: { ...snapshot.context, ringtonePlays: Math.min(snapshot.context.ringtonePlays, 2) } }),
  events: {
    NEW_REQUEST_CALL: [{ type: 'NEW_REQUEST_CALL', call }],
    CLOSE_POPUP_CALL: [
      { type: 'CLOSE_POPUP_CALL', call_id: 'call-9' },
      { type: 'CLOSE_POPUP_CALL', call_id: 'call-other' },
    ],
    RESPONSE_CALL: [
      { type: 'RESPONSE_CALL', call_id: 'call-9', status: 'missed' },
      { type: 'RESPONSE_CALL', call_id: 'call-other', status: 'missed' },
    ],
    // Where the user is and the sounds setting change between calls.
    CALLING_CHANGED: idleOnly(({ context }) => [{ type: 'CALLING_CHANGED', calling: !context.calling }]),
    ROUTE_CHANGED: idleOnly(({ context }) => [{ type: 'ROUTE_CHANGED', pathname: context.inRoomView ? '/chat/default' : '/room/room-1' }]),
    SOUNDS_CHANGED: idleOnly(({ context }) => [{ type: 'SOUNDS_CHANGED', sounds: context.sounds === 1 ? 0 : 1 }]),
    'xstate.done.actor.postCallAnswer': [
      { type: 'xstate.done.actor.postCallAnswer', output: answerOf(call, 301, 'room-301') },
      { type: 'xstate.done.actor.postCallAnswer', output: answerOf(call, 200, 'answer-1') },
    ],
  },
  spyActions: ['openRoom', 'notifyAnswerFailed'],
  render: (snapshot, send) => <IncomingCallOverlay {...connect(snapshot, send)} />,
  perform: {
    ANSWER: async (_, kit) => {
      await kit.user.click(button(kit, 'Answer'))
    },
    DECLINE: async (_, kit) => {
      await kit.user.click(button(kit, 'Decline'))
    },
    // The ringtone repeats every 60 s while sounds is 1.
    'xstate.after.ringtoneRepeat.incomingCall.ringing': async (_, kit) => {
      const plays = kit.media.play.mock.calls.length
      await kit.advance(59_999)
      expect(kit.media.play.mock.calls.length).toBe(plays)
      await kit.advance(1)
      expect(kit.media.play.mock.calls.length).toBe(plays + (kit.previous.context.sounds === 1 ? 1 : 0))
    },
    'xstate.done.actor.postCallAnswer': async (event, kit) => {
      await kit.resolve('postCallAnswer', event.output)
      // Status 301: the room by result._id; anything else: by the call's uuid.
      expect(kit.actions.openRoom).toHaveBeenCalledTimes(1)
      expect(kit.actions.openRoom.mock.calls[0][1]).toEqual({ roomId: event.output.status === 301 ? 'room-301' : 'room-9' })
    },
    'xstate.error.actor.postCallAnswer': async (_, kit) => {
      await kit.reject('postCallAnswer', new Error('Server Error'))
      expect(kit.actions.notifyAnswerFailed).toHaveBeenCalledTimes(1)
      expect(kit.actions.openRoom).not.toHaveBeenCalled()
    },
  },
  states: {
    idle: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(ringtone(kit)).toBeNull()
    },
    ringing: (expected, kit) => {
      expect(within(overlay(kit)).getByRole('status').textContent).toBe('is calling you…')
      expect(within(overlay(kit)).getByText('Voice call')).toBeTruthy()
      expect(button(kit, 'Answer').disabled).toBe(false)
      expect(button(kit, 'Decline').disabled).toBe(false)
      // Volume 0.5; it plays only when the user's sounds setting is 1.
      expect(ringtone(kit)?.volume).toBe(0.5)
      expect(ringtone(kit)?.dataset.playing).toBe(String(expected.context.sounds === 1))
      if (expected.context.sounds === 1) expect(kit.media.play).toHaveBeenCalled()
      else expect(kit.media.play).not.toHaveBeenCalled()
    },
    answering: (_, kit) => {
      expect(within(overlay(kit)).getByRole('status').textContent).toBe('Connecting…')
      expect(button(kit, 'Answer').disabled).toBe(true)
      expect(button(kit, 'Decline').disabled).toBe(true)
      expect(ringtone(kit)?.dataset.playing).toBe('false')
      expect(kit.pending('postCallAnswer').input).toEqual({ call_id: 'call-9' })
    },
    declining: (_, kit) => {
      expect(within(overlay(kit)).getByRole('status').textContent).toBe('Declining…')
      expect(button(kit, 'Answer').disabled).toBe(true)
      expect(kit.pending('postCallDecline').input).toEqual({ call_id: 'call-9' })
    },
  },
})
