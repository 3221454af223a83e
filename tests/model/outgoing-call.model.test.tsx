import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { connect, outgoingCallMachine, type OutgoingCallInput } from '../../src/machines/outgoing-call'
import { OutgoingCallOverlay } from '../../src/ui/outgoing-call/outgoing-call-overlay'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof outgoingCallMachine>

const input: OutgoingCallInput = {
  call: { _id: 'call-1', uuid: 'room-7f3a' },
  callee: { name: 'Lan Nguyen', photoUrl: null },
  isVideo: true,
}

const overlay = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Calling Lan Nguyen' })
const tone = ({ container }: Kit) => container.querySelector<HTMLAudioElement>('audio[data-tone="waiting"]')
const status = (kit: Kit) => within(overlay(kit)).getByRole('status').textContent
const cancelButton = (kit: Kit) => within(overlay(kit)).getByRole<HTMLButtonElement>('button', { name: 'Cancel' })

describeModel({
  machine: outgoingCallMachine,
  input,
  events: {
    RESPONSE_CALL: [
      { type: 'RESPONSE_CALL', call_id: 'call-1', status: 'answered' },
      { type: 'RESPONSE_CALL', call_id: 'call-1', status: 'declined' },
      // The server's own 60 s timer ended it: the overlay closes too.
      { type: 'RESPONSE_CALL', call_id: 'call-1', status: 'missed' },
      // Another call's answer is not this one's.
      { type: 'RESPONSE_CALL', call_id: 'call-2', status: 'answered' },
    ],
  },
  spyActions: ['openRoom'],
  render: (snapshot, send) => <OutgoingCallOverlay {...connect(snapshot, send)} />,
  perform: {
    CANCEL: async (_, kit) => {
      await kit.user.click(cancelButton(kit))
    },
    // The calling timeout is 60 s; still ringing a millisecond before.
    'xstate.after.callTimeout.outgoingCall.ringing': async (_, kit) => {
      await kit.advance(59_999)
      expect(status(kit)).toBe('Ringing…')
      await kit.advance(1)
    },
  },
  states: {
    ringing: (_, kit) => {
      expect(within(overlay(kit)).getByRole('heading').textContent).toBe('Lan Nguyen')
      expect(within(overlay(kit)).getByText('Video call')).toBeTruthy()
      expect(status(kit)).toBe('Ringing…')
      expect(cancelButton(kit).disabled).toBe(false)
      // The waiting tone plays, looped, at volume 0.2.
      expect(tone(kit)?.volume).toBe(0.2)
      expect(tone(kit)?.loop).toBe(true)
      expect(tone(kit)?.dataset.playing).toBe('true')
      expect(kit.media.play).toHaveBeenCalled()
    },
    cancelling: (_, kit) => {
      expect(status(kit)).toBe('Cancelling the call…')
      expect(cancelButton(kit).disabled).toBe(true)
      expect(tone(kit)?.dataset.playing).toBe('false')
      expect(kit.pending('postCallCancel').input).toEqual({ call_id: 'call-1' })
    },
    missing: (_, kit) => {
      expect(status(kit)).toBe('No answer')
      expect(cancelButton(kit).disabled).toBe(true)
      expect(tone(kit)?.dataset.playing).toBe('false')
      expect(kit.pending('postCallMiss').input).toEqual({ call_id: 'call-1' })
    },
    answered: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.actions.openRoom).toHaveBeenCalledTimes(1)
      expect(kit.actions.openRoom.mock.calls[0][1]).toEqual({ roomId: 'room-7f3a' })
    },
    closed: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.container.querySelector('audio')).toBeNull()
      expect(kit.actions.openRoom).not.toHaveBeenCalled()
    },
  },
})
