import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { RoomParticipant } from '../../contract/call'
import { callRoomMachine, connect, type CallRoomSnapshot, type MediaDevice, type RoomJoined } from '../../src/machines/call-room'
import { RoomView } from '../../src/ui/call-room/room-view'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The room view over the callRoom machine. The injected actors stand in: joining (resolved with a
 * room of two, or refused), the room session (a callback actor: the test reads what the machine told
 * it and sends back what the room reports) and leaving. Each step is done the way a user does it
 * (the controls, the device picker, Try again, Back to the chat) or reported by the session.
 */
type Kit = ModelKit<typeof callRoomMachine>

const participant = (id: string, name: string, over: Partial<RoomParticipant> = {}): RoomParticipant => ({
  _id: id,
  name,
  photo_url: null,
  guest: false,
  host: false,
  audio: true,
  video: true,
  screen: false,
  ...over,
})
const me = participant('u-me', 'Ann Tran', { host: true })
const bao = participant('u-bao', 'Bao Le')
const cam = participant('u-cam', 'Cam Vo', { video: false })
const joined: RoomJoined = {
  self: 'u-me',
  topology: 'p2p',
  iceServers: [{ urls: 'stun:stun.example.org' }],
  participants: [me, bao],
  kind: 'call',
  topicId: 'topic-1',
  title: 'Bao Le',
  audio: true,
  video: true,
}
const devices: MediaDevice[] = [
  { deviceId: 'mic-1', kind: 'audioinput', label: 'Built-in microphone' },
  { deviceId: 'cam-1', kind: 'videoinput', label: 'Front camera' },
  { deviceId: 'cam-2', kind: 'videoinput', label: 'USB camera' },
]

const session = (kit: Kit) => kit.callbacks.filter((c) => c.src === 'roomSession' && !c.stopped)
const told = (kit: Kit) => session(kit).at(-1)?.received ?? []
const status = (kit: Kit) => kit.screen.getByRole('status').textContent
const control = (kit: Kit, name: string) =>
  within(kit.screen.getByRole('group', { name: 'Call controls' })).getByRole<HTMLButtonElement>('button', { name })
const tiles = (kit: Kit) => within(kit.screen.getByRole('list', { name: 'Participants' })).getAllByRole('listitem')
const has = (s: CallRoomSnapshot, id: string) => s.context.peers.some((p) => p._id === id)

describeModel({
  machine: callRoomMachine,
  input: { roomId: 'room-7', callId: 'call-7', token: null, video: true },
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      status: s.status,
      audio: s.context.audio,
      camera: s.context.camera,
      screen: [s.context.screen, s.context.screenAsked],
      chat: s.context.chatOpen,
      peers: s.context.peers.map((p) => `${p._id}:${p.audio}`),
      devices: s.context.devices.length,
      restarts: Math.min(s.context.restarts, 2),
    }),
  events: {
    'xstate.done.actor.joinRoom': [{ type: 'xstate.done.actor.joinRoom', output: joined }],
    'xstate.error.actor.joinRoom': [{ type: 'xstate.error.actor.joinRoom', error: new Error('This call has ended.') }],
    TOGGLE_SCREEN: (s) => (s.context.screenAsked ? [] : [{ type: 'TOGGLE_SCREEN' }]),
    SCREEN_STARTED: (s) => (s.context.screenAsked ? [{ type: 'SCREEN_STARTED' }] : []),
    SCREEN_STOPPED: (s) => (s.context.screenAsked || s.context.screen ? [{ type: 'SCREEN_STOPPED' }] : []),
    TOGGLE_CHAT: (s) => (s.matches('connected') ? [{ type: 'TOGGLE_CHAT' }] : []),
    DEVICES: (s) => (s.context.devices.length ? [] : [{ type: 'DEVICES', devices }]),
    CHOOSE_DEVICE: (s) => (s.context.devices.length ? [{ type: 'CHOOSE_DEVICE', kind: 'videoinput', deviceId: 'cam-2' }] : []),
    PEER_JOINED: (s) => (has(s, 'u-cam') ? [] : [{ type: 'PEER_JOINED', participant: cam }]),
    // Cam leaves a room of three; Bao, the only other person of this 1:1 call, ends it by leaving.
    PEER_LEFT: (s) =>
      has(s, 'u-cam')
        ? [{ type: 'PEER_LEFT', participantId: 'u-cam' }]
        : has(s, 'u-bao')
          ? [{ type: 'PEER_LEFT', participantId: 'u-bao' }]
          : [],
    PEER_STATE: (s) =>
      s.context.peers.find((p) => p._id === 'u-bao')?.audio ? [{ type: 'PEER_STATE', participant: { ...bao, audio: false } }] : [],
    SPEAKING: (s) => [
      { type: 'SPEAKING', participantId: 'u-me', speaking: !s.context.speaking },
      { type: 'SPEAKING', participantId: 'u-bao', speaking: !s.context.peers.find((p) => p._id === 'u-bao')?.speaking },
    ],
  },
  spyActions: ['openChat'],
  callbackActors: ['roomSession'],
  render: (snapshot, send) => (
    <RoomView {...connect(snapshot, send)} media={{ local: null, remote: new Map() }} canShareScreen chatPanel={<p>The call’s chat</p>} />
  ),
  perform: {
    TOGGLE_AUDIO: async (_, kit) => {
      await kit.user.click(control(kit, 'Microphone'))
      expect(told(kit).at(-1)).toEqual({ type: 'SET_AUDIO', on: !kit.previous.context.audio })
    },
    TOGGLE_CAMERA: async (_, kit) => {
      await kit.user.click(control(kit, 'Camera'))
      expect(told(kit).at(-1)).toEqual({ type: 'SET_CAMERA', on: !kit.previous.context.camera })
    },
    TOGGLE_SCREEN: async (_, kit) => {
      await kit.user.click(control(kit, 'Share your screen'))
      expect(told(kit).at(-1)).toEqual({ type: kit.previous.context.screen ? 'STOP_SCREEN' : 'START_SCREEN' })
    },
    TOGGLE_CHAT: async (_, kit) => {
      await kit.user.click(control(kit, 'Call chat'))
    },
    CHOOSE_DEVICE: async (_, kit) => {
      await kit.user.click(control(kit, 'Devices'))
      await kit.user.selectOptions(kit.screen.getByRole('combobox', { name: 'Camera' }), 'USB camera')
      expect(told(kit).at(-1)).toEqual({ type: 'USE_DEVICE', kind: 'videoinput', deviceId: 'cam-2' })
    },
    LEAVE: async (_, kit) => {
      await kit.user.click(control(kit, 'Leave'))
    },
    RETRY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Try again' }))
    },
    BACK: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Back to the chat' }))
    },
    ...Object.fromEntries(
      [
        'SCREEN_STARTED',
        'SCREEN_STOPPED',
        'DEVICES',
        'PEER_JOINED',
        'PEER_LEFT',
        'PEER_STATE',
        'SPEAKING',
        'ICE_FAILED',
        'ICE_RECOVERED',
        'ROOM_ENDED',
      ].map((type) => [type, (event: { type: string }, kit: Kit) => kit.sendBack('roomSession', event)]),
    ),
  },
  states: {
    joining: (_, kit) => {
      expect(status(kit)).toBe('Joining…')
      expect(kit.pending('joinRoom').input).toEqual({ roomId: 'room-7', callId: 'call-7', token: null, video: true })
      expect(kit.screen.queryByRole('group', { name: 'Call controls' })).toBeNull()
      expect(session(kit)).toEqual([])
    },
    connected: (expected, kit) => {
      const { context } = expected
      // One session, told the room as joining found it.
      expect(session(kit)).toHaveLength(1)
      expect(session(kit)[0].input).toMatchObject({ roomId: 'room-7', self: 'u-me', topology: 'p2p', iceServers: joined.iceServers })
      // A tile for me and for each other participant, in order; muted ones say so; the speaker is marked.
      const shown = tiles(kit)
      expect(shown.map((tile) => tile.getAttribute('aria-label'))).toEqual(['Ann Tran (you)', ...context.peers.map((p) => p.name)])
      expect(within(shown[0]).queryByText('Muted') !== null).toBe(!context.audio)
      context.peers.forEach((peer, i) => {
        expect(within(shown[i + 1]).queryByText('Muted') !== null).toBe(!peer.audio)
        expect(shown[i + 1].dataset.speaking).toBe(String(peer.speaking && peer.audio))
      })
      expect(shown[0].dataset.speaking).toBe(String(context.speaking && context.audio))
      // The controls show what is on.
      expect(control(kit, 'Microphone').getAttribute('aria-pressed')).toBe(String(context.audio))
      expect(control(kit, 'Camera').getAttribute('aria-pressed')).toBe(String(context.camera))
      expect(control(kit, 'Share your screen').getAttribute('aria-pressed')).toBe(String(context.screen))
      expect(control(kit, 'Share your screen').disabled).toBe(context.screenAsked)
      expect(control(kit, 'Call chat').getAttribute('aria-pressed')).toBe(String(context.chatOpen))
      expect(kit.screen.queryByRole('complementary', { name: 'Call chat' }) !== null).toBe(context.chatOpen)
      expect(kit.screen.queryByRole('button', { name: 'Devices' }) !== null).toBe(context.devices.length > 0)
      expect(kit.actions.openChat).not.toHaveBeenCalled()
    },
    'connected.live': (_, kit) => {
      expect(status(kit)).toBe('Connected')
    },
    'connected.reconnecting': (expected, kit) => {
      expect(status(kit)).toBe('Reconnecting…')
      // An ICE restart on entering, and one more every 5 s, without leaving the room.
      expect(told(kit).at(-1)).toEqual({ type: 'RESTART_ICE' })
      expect(expected.context.restarts).toBeGreaterThan(0)
      expect(told(kit).filter((c) => c.type === 'RESTART_ICE').length).toBeGreaterThanOrEqual(expected.context.restarts)
    },
    leaving: (_, kit) => {
      expect(status(kit)).toBe('Leaving…')
      expect(session(kit)).toEqual([])
      expect(kit.pending('leaveRoom').input).toEqual({ roomId: 'room-7', callId: 'call-7' })
    },
    ended: (_, kit) => {
      expect(kit.screen.getByText('The call ended')).toBeTruthy()
      expect(kit.screen.getByRole('button', { name: 'Back to the chat' })).toBeTruthy()
      expect(session(kit)).toEqual([])
      expect(kit.actions.openChat).not.toHaveBeenCalled()
    },
    failed: (_, kit) => {
      const alert = kit.screen.getByRole('alert')
      expect(within(alert).getByText('Could not join the call')).toBeTruthy()
      expect(within(alert).getByText('This call has ended.')).toBeTruthy()
      expect(session(kit)).toEqual([])
    },
    closed: (expected, kit) => {
      // Back to the call's chat, once (the topic is known once joined).
      expect(kit.actions.openChat).toHaveBeenCalledTimes(1)
      expect(kit.actions.openChat.mock.calls[0][1]).toEqual({ topicId: expected.context.topicId })
      expect(session(kit)).toEqual([])
    },
  },
})
