import { expect } from 'vitest'
import {
  connect,
  meetingJoinMachine,
  type CallOpenResult,
  type MeetingDetail,
  type MeetingJoinSnapshot,
} from '../../src/machines/meeting-join'
import { MeetingJoinScreen } from '../../src/ui/meeting/meeting-join-screen'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof meetingJoinMachine>

const OPEN: MeetingDetail = { _id: 'm-1', room_name: 'Standup', code: '123456789', private: false, locked: false, participants: 1 }
const PRIVATE: MeetingDetail = { ...OPEN, room_name: 'Board', private: true, locked: true }
const JOINED: CallOpenResult = { _id: 'm-1', jwt: 'room-token', server_meet: 'embedded', code: '123456789' }

const nameField = ({ screen }: Kit) => screen.getByLabelText<HTMLInputElement>('Your name')
const joinButton = ({ screen }: Kit) => screen.getByRole<HTMLButtonElement>('button', { name: 'Join the meeting' })
const editing = (s: MeetingJoinSnapshot) => s.matches('editing')

describeModel({
  machine: meetingJoinMachine,
  input: { code: '123456789', name: '' },
  serializeState: (s) => {
    const { name, password, detail, error } = s.context
    return JSON.stringify({ value: s.value, name: name !== '', password: password !== '', private: detail?.private ?? null, error })
  },
  events: {
    CHANGE: (s) => {
      if (!editing(s)) return []
      const { name, password, detail } = s.context
      return [
        { type: 'CHANGE', field: 'name', value: name === '' ? 'Dung' : '' },
        ...(detail?.private ? [{ type: 'CHANGE', field: 'password', value: password === '' ? 'sesame' : '' }] : []),
      ]
    },
    'xstate.done.actor.findMeeting': [OPEN, PRIVATE].map((output) => ({ type: 'xstate.done.actor.findMeeting', output })),
    'xstate.error.actor.findMeeting': [{ type: 'xstate.error.actor.findMeeting', error: new Error('This meeting has ended') }],
    'xstate.done.actor.joinMeeting': [{ type: 'xstate.done.actor.joinMeeting', output: JOINED }],
    'xstate.error.actor.joinMeeting': [{ type: 'xstate.error.actor.joinMeeting', error: new Error('The meeting password is incorrect') }],
  },
  select: 'transitions',
  spyActions: ['enterMeeting'],
  render: (snapshot, send) => <MeetingJoinScreen {...connect(snapshot, send)} />,
  perform: {
    CHANGE: async (event, kit) => {
      const input = event.field === 'name' ? nameField(kit) : kit.screen.getByLabelText<HTMLInputElement>('Meeting password')
      await kit.user.clear(input)
      if (event.value) await kit.user.paste(event.value)
    },
    JOIN: async (_, kit) => {
      await kit.user.click(joinButton(kit))
    },
    RETRY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Try again' }))
    },
  },
  states: {
    '*': (_, kit) => {
      // The code, 3-3-3, on every screen.
      expect(kit.screen.getByText('123 456 789')).toBeTruthy()
    },
    loading: (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Looking for the meeting…')
      expect(kit.pending('findMeeting').input).toEqual({ code: '123456789' })
    },
    missing: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe('This meeting has ended')
      expect(kit.screen.queryByLabelText('Your name')).toBeNull()
    },
    editing: (expected, kit) => {
      const { name, password, detail, error } = expected.context
      expect(kit.screen.getByRole('heading').textContent).toBe(`Join “${detail!.room_name}”`)
      expect(nameField(kit).value).toBe(name)
      // A private meeting asks for its password; Join needs a name (and that password).
      const passwordField = kit.screen.queryByLabelText<HTMLInputElement>('Meeting password')
      expect(passwordField?.value ?? null).toBe(detail!.private ? password : null)
      expect(joinButton(kit).disabled).toBe(name.trim() === '' || (detail!.private && password === ''))
      if (error) expect(kit.screen.getByRole('alert').textContent).toBe(error)
      else expect(kit.screen.queryByRole('alert')).toBeNull()
      // A locked meeting says so before anyone tries.
      expect(kit.screen.queryByText('The host has locked this meeting: nobody else can join now.') !== null).toBe(detail!.locked && !error)
    },
    joining: (expected, kit) => {
      expect(joinButton(kit).getAttribute('aria-busy')).toBe('true')
      const { name, password } = expected.context
      expect(kit.pending('joinMeeting').input).toEqual({ code: '123456789', name: name.trim(), password })
    },
    joined: (expected, kit) => {
      expect(kit.actions.enterMeeting).toHaveBeenCalledTimes(1)
      expect(kit.actions.enterMeeting.mock.calls[0][1]).toEqual({ result: JOINED, name: 'Dung', room: expected.context.detail!.room_name })
    },
  },
})
