import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { RoomParticipant } from '../../../contract/call'
import { errorTextOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type { CallRoomContext, CallRoomEvent, CallRoomInput, Peer, RoomCommand, RoomJoined } from './call-room.types'

/**
 * A call's (or a meeting's) room, /room/{id}.
 *
 *   joining       the camera and microphone open, then ROOM_JOIN (its ack: who is here, the topology,
 *                 the ICE servers)
 *     done  -> connected
 *     error -> failed: why, with Try again and Back to the chat
 *   connected     the room session runs (the runtime's WebRTC: peer to peer or through the SFU) and
 *                 reports who joins, leaves, speaks and what they send
 *     live           media flow
 *       ICE_FAILED   -> reconnecting
 *     reconnecting   an ICE restart without leaving the room, asked again every 5 s until the
 *                    connection comes back (ICE_RECOVERED -> live)
 *     TOGGLE_AUDIO / TOGGLE_CAMERA    mute and camera on/off (told to the session, which tells the room)
 *     TOGGLE_SCREEN                   asks the browser to share a screen (SCREEN_STARTED / SCREEN_STOPPED), or stops it
 *     CHOOSE_DEVICE                   another microphone or camera
 *     LEAVE, or the other person of a 1:1 call left -> leaving: call/out and ROOM_LEAVE, then closed
 *     ROOM_ENDED     -> ended: "The call ended", back to the chat after 3 s (or at once with BACK)
 *   closed (final)   back to the call's chat (injected `openChat`)
 *
 * Pure: joining, the session and leaving are injected actors; opening the chat an injected action.
 */

export const ICE_RETRY_MS = 5_000
export const ENDED_RETURN_MS = 3_000

const notProvided = actorNotProvided('callRoom')

const peerOf = (participant: RoomParticipant, speaking = false): Peer => ({ ...participant, speaking })

export const callRoomMachine = setup({
  types: {
    context: {} as CallRoomContext,
    events: {} as CallRoomEvent,
    input: {} as CallRoomInput,
  },
  actors: {
    /** Open the local media and enter the room (ROOM_JOIN). */
    joinRoom: fromPromise<RoomJoined, CallRoomInput>(notProvided('joinRoom')),
    /** The room's media and signalling while connected: takes RoomCommands, reports the room's events. */
    roomSession: fromCallback<RoomCommand, RoomJoined & { roomId: string }>(() => {
      throw new Error('callRoom: the "roomSession" actor is not provided')
    }),
    /** Leave: call/out (a call) and ROOM_LEAVE. */
    leaveRoom: fromPromise<unknown, { roomId: string; callId: string | null }>(notProvided('leaveRoom')),
  },
  guards: {
    screenOff: ({ context }) => !context.screen && !context.screenAsked,
    screenOn: ({ context }) => context.screen,
    /** A 1:1 call whose other person left: it is over for this one too. */
    otherPersonLeft: ({ context, event }) =>
      event.type === 'PEER_LEFT' &&
      context.kind === 'call' &&
      context.topology === 'p2p' &&
      context.peers.every((p) => p._id === event.participantId),
  },
  delays: {
    iceRetry: ICE_RETRY_MS,
    endedReturn: ENDED_RETURN_MS,
  },
  actions: {
    /** Injected: back to the call's chat (or, for a meeting, wherever the app goes). */
    openChat: (_, _params: { topicId: string | null }) => {},
    assignJoined: assign((_, joined: RoomJoined) => {
      const self = joined.participants.find((p) => p._id === joined.self) ?? null
      return {
        self,
        topology: joined.topology,
        iceServers: joined.iceServers,
        peers: joined.participants.filter((p) => p._id !== joined.self).map((p) => peerOf(p)),
        kind: joined.kind,
        topicId: joined.topicId,
        title: joined.title,
        audio: joined.audio,
        camera: joined.video,
        error: null,
      }
    }),
    assignError: assign({ error: ({ event }) => errorTextOf(event) || null }),
    clearError: assign({ error: null }),
    toggleAudio: assign({ audio: ({ context }) => !context.audio }),
    toggleCamera: assign({ camera: ({ context }) => !context.camera }),
    tellAudio: sendTo('roomSession', ({ context }): RoomCommand => ({ type: 'SET_AUDIO', on: context.audio })),
    tellCamera: sendTo('roomSession', ({ context }): RoomCommand => ({ type: 'SET_CAMERA', on: context.camera })),
    markScreenAsked: assign({ screenAsked: true }),
    tellStartScreen: sendTo('roomSession', { type: 'START_SCREEN' } satisfies RoomCommand),
    tellStopScreen: sendTo('roomSession', { type: 'STOP_SCREEN' } satisfies RoomCommand),
    screenStarted: assign({ screen: true, screenAsked: false }),
    screenStopped: assign({ screen: false, screenAsked: false }),
    chooseDevice: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_DEVICE')
      return { chosen: { ...context.chosen, [event.kind]: event.deviceId } }
    }),
    tellDevice: sendTo('roomSession', ({ event }): RoomCommand => {
      assertEvent(event, 'CHOOSE_DEVICE')
      return { type: 'USE_DEVICE', kind: event.kind, deviceId: event.deviceId }
    }),
    assignDevices: assign(({ context, event }) => {
      assertEvent(event, 'DEVICES')
      const chosen = { ...context.chosen }
      for (const kind of ['audioinput', 'videoinput'] as const)
        if (!event.devices.some((d) => d.kind === kind && d.deviceId === chosen[kind]))
          chosen[kind] = event.devices.find((d) => d.kind === kind)?.deviceId ?? null
      return { devices: event.devices, chosen }
    }),
    addPeer: assign(({ context, event }) => {
      assertEvent(event, 'PEER_JOINED')
      if (event.participant._id === context.self?._id) return {}
      return { peers: [...context.peers.filter((p) => p._id !== event.participant._id), peerOf(event.participant)] }
    }),
    removePeer: assign(({ context, event }) => {
      assertEvent(event, 'PEER_LEFT')
      return { peers: context.peers.filter((p) => p._id !== event.participantId) }
    }),
    updatePeer: assign(({ context, event }) => {
      assertEvent(event, 'PEER_STATE')
      return { peers: context.peers.map((p) => (p._id === event.participant._id ? peerOf(event.participant, p.speaking) : p)) }
    }),
    setSpeaking: assign(({ context, event }) => {
      assertEvent(event, 'SPEAKING')
      if (event.participantId === context.self?._id) return { speaking: event.speaking }
      return { peers: context.peers.map((p) => (p._id === event.participantId ? { ...p, speaking: event.speaking } : p)) }
    }),
    toggleChat: assign({ chatOpen: ({ context }) => !context.chatOpen }),
    countRestart: assign({ restarts: ({ context }) => context.restarts + 1 }),
    tellRestartIce: sendTo('roomSession', { type: 'RESTART_ICE' } satisfies RoomCommand),
    resetRestarts: assign({ restarts: 0 }),
  },
}).createMachine({
  id: 'callRoom',
  context: ({ input }) => ({
    ...input,
    self: null,
    topology: null,
    iceServers: [],
    peers: [],
    kind: 'call',
    topicId: null,
    title: '',
    audio: true,
    camera: input.video,
    screen: false,
    screenAsked: false,
    speaking: false,
    devices: [],
    chosen: { audioinput: null, videoinput: null },
    chatOpen: false,
    error: null,
    restarts: 0,
  }),
  on: {
    TOGGLE_CHAT: { actions: 'toggleChat' },
  },
  initial: 'joining',
  states: {
    joining: {
      entry: 'clearError',
      invoke: {
        id: 'joinRoom',
        src: 'joinRoom',
        input: ({ context }) => ({ roomId: context.roomId, callId: context.callId, token: context.token, video: context.video }),
        onDone: { target: 'connected', actions: { type: 'assignJoined', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    connected: {
      invoke: {
        id: 'roomSession',
        src: 'roomSession',
        input: ({ context }) => ({
          roomId: context.roomId,
          self: context.self?._id ?? '',
          topology: context.topology ?? 'p2p',
          iceServers: context.iceServers,
          participants: [...(context.self ? [context.self] : []), ...context.peers],
          kind: context.kind,
          topicId: context.topicId,
          title: context.title,
          audio: context.audio,
          video: context.camera,
        }),
      },
      on: {
        TOGGLE_AUDIO: { actions: ['toggleAudio', 'tellAudio'] },
        TOGGLE_CAMERA: { actions: ['toggleCamera', 'tellCamera'] },
        TOGGLE_SCREEN: [
          { guard: 'screenOff', actions: ['markScreenAsked', 'tellStartScreen'] },
          { guard: 'screenOn', actions: ['screenStopped', 'tellStopScreen'] },
        ],
        SCREEN_STARTED: { actions: 'screenStarted' },
        SCREEN_STOPPED: { actions: 'screenStopped' },
        CHOOSE_DEVICE: { actions: ['chooseDevice', 'tellDevice'] },
        DEVICES: { actions: 'assignDevices' },
        PEER_JOINED: { actions: 'addPeer' },
        PEER_LEFT: [{ guard: 'otherPersonLeft', target: 'leaving', actions: 'removePeer' }, { actions: 'removePeer' }],
        PEER_STATE: { actions: 'updatePeer' },
        SPEAKING: { actions: 'setSpeaking' },
        LEAVE: 'leaving',
        ROOM_ENDED: 'ended',
      },
      initial: 'live',
      states: {
        live: {
          entry: 'resetRestarts',
          on: { ICE_FAILED: 'reconnecting' },
        },
        reconnecting: {
          entry: ['countRestart', 'tellRestartIce'],
          after: { iceRetry: { target: 'reconnecting', reenter: true } },
          on: { ICE_RECOVERED: 'live' },
        },
      },
    },
    leaving: {
      invoke: {
        id: 'leaveRoom',
        src: 'leaveRoom',
        input: ({ context }) => ({ roomId: context.roomId, callId: context.callId }),
        // Out either way: the server ends a room nobody sits in.
        onDone: 'closed',
        onError: 'closed',
      },
    },
    ended: {
      after: { endedReturn: 'closed' },
      on: { BACK: 'closed' },
    },
    failed: {
      on: { RETRY: 'joining', BACK: 'closed' },
    },
    closed: {
      type: 'final',
      entry: { type: 'openChat', params: ({ context }) => ({ topicId: context.topicId }) },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const callRoomSampleInput: CallRoomInput = { roomId: 'room-1', callId: 'call-1', token: null, video: true }

export type CallRoomMachine = typeof callRoomMachine
export type CallRoomActor = ActorRefFrom<CallRoomMachine>
export type CallRoomSnapshot = SnapshotFrom<CallRoomMachine>
