import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { RoomTile } from '../../src/machines/call-room'
import { connect, meetingRoomMachine, type MeetingRoomSnapshot, type RoomChatLine } from '../../src/machines/meeting-room'
import { MeetingPanel } from '../../src/ui/meeting/meeting-panel'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof meetingRoomMachine>

const tile = (id: string, name: string, self = false): RoomTile => ({
  id,
  name,
  photoUrl: null,
  initials: name.slice(0, 1),
  self,
  audio: true,
  video: true,
  screen: false,
  speaking: false,
})
const PEOPLE = [tile('me', 'Hana', true), tile('p-2', 'Bin')]
const LINE: RoomChatLine = { room_id: 'meeting-1', from: 'p-2', name: 'Bin', text: 'Hello all', at: '2026-11-27T10:00:00.000Z' }
const DETAIL = (locked: boolean) => ({ _id: 'meeting-1', room_name: 'Sync', code: '123456789', private: false, locked, participants: 2 })

const region = ({ screen }: Kit, name: string) => screen.getByRole('region', { name })
const ready = (s: MeetingRoomSnapshot) => s.matches('ready')
/** Each side of the panel is explored from a fresh panel (the host may have locked it): a small graph. */
const fresh = (s: MeetingRoomSnapshot) => {
  const { lines, draft, open, error, copied } = s.context
  return ready(s) && lines.length === 0 && draft === '' && !open && !error && !copied
}

describeModel({
  machine: meetingRoomMachine,
  input: { meetingId: 'meeting-1', code: '123456789', host: true },
  serializeState: (s) => {
    const { lines, draft, open, locked, error, copied } = s.context
    return JSON.stringify({ value: s.value, lines: lines.length, draft: draft !== '', open, locked, error, copied })
  },
  events: {
    TOGGLE: (s) => (fresh(s) ? [{ type: 'TOGGLE' }] : []),
    LINE: (s) => (fresh(s) ? [{ type: 'LINE', line: LINE }] : []),
    DRAFT: (s) =>
      fresh(s) || (ready(s) && s.context.draft !== '') ? [{ type: 'DRAFT', value: s.context.draft ? '' : '  On my way ' }] : [],
    SEND: (s) => (ready(s) && s.context.draft ? [{ type: 'SEND' }] : []),
    COPY: (s) => (fresh(s) ? [{ type: 'COPY' }] : []),
    LOCKED: (s) => (fresh(s) && !s.context.locked ? [{ type: 'LOCKED', locked: true }] : []),
    MUTE: (s) => (fresh(s) ? [{ type: 'MUTE', participantId: 'p-2' }] : []),
    REMOVE: (s) => (fresh(s) ? [{ type: 'REMOVE', participantId: 'p-2' }] : []),
    LOCK: (s) => (fresh(s) ? [{ type: 'LOCK', locked: !s.context.locked }] : []),
    END: (s) => (fresh(s) ? [{ type: 'END' }] : []),
    'xstate.done.actor.hostAction': (s) => [{ type: 'xstate.done.actor.hostAction', output: DETAIL(!s.context.locked) }],
    'xstate.error.actor.hostAction': [{ type: 'xstate.error.actor.hostAction', error: new Error('Only the host can do this') }],
  },
  select: 'transitions',
  spyActions: ['sendLine', 'copyCode'],
  render: (snapshot, send) => <MeetingPanel {...connect(snapshot, send)} participants={PEOPLE} />,
  perform: {
    DRAFT: async (event, kit) => {
      const input = kit.screen.getByLabelText<HTMLInputElement>('Message to the meeting')
      await kit.user.clear(input)
      if (event.value) await kit.user.paste(event.value)
    },
    SEND: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Send' }))
    },
    COPY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Copy the meeting code' }))
    },
    MUTE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Turn off Bin’s microphone' }))
    },
    REMOVE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Remove Bin from the meeting' }))
    },
    LOCK: async (event, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: event.locked ? 'Lock the meeting' : 'Unlock the meeting' }))
    },
    END: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'End the meeting for everyone' }))
    },
  },
  states: {
    '*': (expected, kit) => {
      const { lines, draft, locked, copied } = expected.context
      // The code, 3-3-3, and whether it was copied.
      expect(within(region(kit, 'Meeting code')).getByText('123 456 789')).toBeTruthy()
      expect(within(region(kit, 'Meeting code')).queryByText('Copied') !== null).toBe(copied)
      expect(within(region(kit, 'Meeting code')).queryByText('Locked') !== null).toBe(locked)
      // The chat: the lines that arrived, the draft, Send only with something to send.
      const chat = region(kit, 'Meeting chat')
      expect(within(chat).queryByText('Hello all') !== null).toBe(lines.length > 0)
      expect(kit.screen.getByLabelText<HTMLInputElement>('Message to the meeting').value).toBe(draft)
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(draft.trim() === '')
      // The host controls, with the other participant's mute and remove.
      const controls = region(kit, 'Host controls')
      expect(within(controls).getByRole('button', { name: locked ? 'Unlock the meeting' : 'Lock the meeting' })).toBeTruthy()
      expect(within(controls).getByRole('button', { name: 'Turn off Bin’s microphone' })).toBeTruthy()
      expect(within(controls).queryByRole('button', { name: 'Turn off Hana’s microphone' })).toBeNull()
    },
    ready: (expected, kit) => {
      const { error } = expected.context
      if (error) expect(within(region(kit, 'Host controls')).getByRole('alert').textContent).toBe(error)
      else expect(kit.screen.queryByRole('alert')).toBeNull()
      // What was sent went out once, trimmed; a copy copied the digits.
      for (const [, params] of kit.actions.sendLine.mock.calls) expect(params).toEqual({ text: 'On my way' })
      for (const [, params] of kit.actions.copyCode.mock.calls) expect(params).toEqual({ code: '123456789' })
    },
    acting: (expected, kit) => {
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'End the meeting for everyone' }).disabled).toBe(true)
      const body = kit.pending('hostAction').input as { meeting_id: string; action: string }
      expect(body.meeting_id).toBe('meeting-1')
      expect(['mute', 'remove', 'lock', 'end']).toContain(body.action)
      if (body.action === 'lock') expect(body).toEqual({ meeting_id: 'meeting-1', action: 'lock', locked: !kit.previous.context.locked })
      if (body.action === 'mute' || body.action === 'remove') expect(body).toMatchObject({ participant_id: 'p-2' })
      expect(expected.context.error).toBeNull()
    },
  },
})
