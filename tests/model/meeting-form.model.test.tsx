import { expect } from 'vitest'
import { within } from '@testing-library/react'
import {
  connect,
  meetingFormMachine,
  type CallOpenResult,
  type MeetingDetail,
  type MeetingField,
  type MeetingFormSnapshot,
} from '../../src/machines/meeting-form'
import { MeetingDialog } from '../../src/ui/meeting-form/meeting-dialog'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof meetingFormMachine>

const LABELS: Record<MeetingField, string> = {
  roomName: 'Meeting name',
  name: 'Your name',
  password: 'Password (optional)',
  code: 'Meeting code',
}
// The code as people type it from a 3-3-3 display; the calls take its 9 digits.
const FILLED: Record<MeetingField, string> = { roomName: 'Sync', name: 'Lan', password: 'pw', code: '123-456 789' }
const FILLED_CODE_DIGITS = '123456789'
const created: CallOpenResult = { _id: 'meet-1', jwt: 'jwt-1', server_meet: 'embedded', code: '987654321' }
const found: MeetingDetail = { _id: 'meet-2', room_name: 'Board room', code: '123456789', private: true, locked: false, participants: 2 }

const dialog = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Meeting now' })
const field = (kit: Kit, name: MeetingField) => within(dialog(kit)).getByLabelText<HTMLInputElement>(LABELS[name])
const button = (kit: Kit, name: string) => within(dialog(kit)).getByRole<HTMLButtonElement>('button', { name })
const editing = (s: MeetingFormSnapshot) => s.matches('editing')

describeModel({
  machine: meetingFormMachine,
  input: { name: '' },
  serializeState: (s) => {
    const { roomName, name, password, code, error } = s.context
    return JSON.stringify({
      value: s.value,
      room: roomName.trim() !== '',
      name: name.trim() !== '',
      blankRoom: roomName !== '' && roomName.trim() === '',
      private: password !== '',
      code: code !== '',
      error,
    })
  },
  events: {
    // Each field between empty and filled; a blank meeting name counts as empty. Starting and
    // joining are explored apart: the code only on an empty form, the rest only without a code.
    CHANGE: (s) => {
      if (!editing(s)) return []
      const { roomName, name, password, code } = s.context
      const fields: MeetingField[] =
        code !== ''
          ? ['code']
          : roomName === '' && name === '' && password === ''
            ? ['roomName', 'name', 'password', 'code']
            : ['roomName', 'name', 'password']
      return [
        ...fields.map((f) => ({ type: 'CHANGE', field: f, value: s.context[f] === '' ? FILLED[f] : '' })),
        ...(roomName === '' && name === '' && password === '' && code === '' ? [{ type: 'CHANGE', field: 'roomName', value: '   ' }] : []),
      ]
    },
    'xstate.done.actor.createMeeting': [{ type: 'xstate.done.actor.createMeeting', output: created }],
    'xstate.done.actor.findMeeting': [{ type: 'xstate.done.actor.findMeeting', output: found }],
  },
  select: 'transitions',
  spyActions: ['openMeeting'],
  render: (snapshot, send) => <MeetingDialog {...connect(snapshot, send)} />,
  perform: {
    CHANGE: async (event, kit) => {
      const input = field(kit, event.field)
      await kit.user.clear(input)
      if (event.value) await kit.user.paste(event.value)
    },
    START: async (_, kit) => {
      await kit.user.click(button(kit, 'Get started'))
    },
    JOIN: async (_, kit) => {
      await kit.user.click(button(kit, 'Join'))
    },
    CLOSE: async (_, kit) => {
      await kit.user.click(button(kit, 'Close'))
    },
  },
  states: {
    editing: (expected, kit) => {
      const { roomName, name, password, code, error } = expected.context
      for (const f of ['roomName', 'name', 'password', 'code'] as const) expect(field(kit, f).value).toBe(expected.context[f])
      // Get started is disabled while both the meeting name and the user name are empty.
      expect(button(kit, 'Get started').disabled).toBe(roomName.trim() === '' && name.trim() === '')
      expect(button(kit, 'Join').disabled).toBe(code.trim() === '')
      // The password is optional and makes the room private.
      expect(
        within(dialog(kit)).getByText(
          password ? 'Private room: people need the password to join.' : 'With a password the room is private.',
        ),
      ).toBeTruthy()
      if (error === 'code') expect(within(dialog(kit)).getByRole('alert').textContent).toBe('Code is incorrect')
      else if (error === 'create')
        expect(within(dialog(kit)).getByRole('alert').textContent).toBe('Could not start the meeting. Please try again.')
      else expect(within(dialog(kit)).queryByRole('alert')).toBeNull()
    },
    creating: (expected, kit) => {
      expect(button(kit, 'Get started').getAttribute('aria-busy')).toBe('true')
      expect(field(kit, 'roomName').disabled).toBe(true)
      const { roomName, name, password } = expected.context
      expect(kit.pending('createMeeting').input).toEqual({ room_name: roomName.trim(), name: name.trim(), password })
    },
    joining: (_, kit) => {
      expect(button(kit, 'Join').getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('findMeeting').input).toEqual({ code: FILLED_CODE_DIGITS })
    },
    opened: (expected, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      // Started: the host's page with the room token. Found by code: the join screen, which asks for a name (and password).
      const query =
        kit.calls.at(-1)!.src === 'createMeeting'
          ? `jwt=jwt-1&room=${expected.context.roomName.trim()}&name=${expected.context.name.trim()}&code=987654321`
          : `room=Board+room&name=${expected.context.name.trim()}&code=123456789`
      const id = kit.calls.at(-1)!.src === 'createMeeting' ? 'meet-1' : 'meet-2'
      expect(kit.actions.openMeeting).toHaveBeenCalledTimes(1)
      expect(kit.actions.openMeeting.mock.calls[0][1]).toEqual({ href: `/call-open/${id}?${query}` })
    },
    closed: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.actions.openMeeting).not.toHaveBeenCalled()
    },
  },
})
