import { initialsOf } from '../session/session.rules'
import type { CallRoomSnapshot } from './call-room.machine'
import type { CallRoomEvent, DeviceKind, MediaDevice } from './call-room.types'

export type CallRoomPhase = 'joining' | 'live' | 'reconnecting' | 'leaving' | 'ended' | 'failed' | 'closed'

/** One participant's tile. */
export interface RoomTile {
  id: string
  name: string
  photoUrl: string | null
  initials: string
  /** This user's own tile (its video is muted and mirrored). */
  self: boolean
  audio: boolean
  video: boolean
  screen: boolean
  speaking: boolean
}

export interface DeviceChoice {
  kind: DeviceKind
  options: MediaDevice[]
  selected: string | null
  onChoose: (deviceId: string) => void
}

/** The room view's props and handlers. */
export interface CallRoomProps {
  phase: CallRoomPhase
  title: string
  /** Why joining failed (null: the view's generic words). */
  error: string | null
  tiles: RoomTile[]
  /** The controls work while connected. */
  canControl: boolean
  audio: boolean
  camera: boolean
  screen: boolean
  /** Screen sharing was asked for: the browser's picker is open. */
  screenAsked: boolean
  devices: { audio: DeviceChoice; video: DeviceChoice }
  /** The call's chat (its topic); null in a meeting. */
  chat: { topicId: string; open: boolean; onToggle: () => void } | null
  onToggleAudio: () => void
  onToggleCamera: () => void
  onToggleScreen: () => void
  onLeave: () => void
  onRetry: () => void
  onBack: () => void
}

function phaseOf(snapshot: CallRoomSnapshot): CallRoomPhase {
  if (snapshot.matches('joining')) return 'joining'
  if (snapshot.matches({ connected: 'reconnecting' })) return 'reconnecting'
  if (snapshot.matches('connected')) return 'live'
  if (snapshot.matches('leaving')) return 'leaving'
  if (snapshot.matches('ended')) return 'ended'
  if (snapshot.matches('failed')) return 'failed'
  return 'closed'
}

/** Pure: snapshot and send -> the room view's props and handlers. */
export function connect(snapshot: CallRoomSnapshot, send: (event: CallRoomEvent) => void): CallRoomProps {
  const c = snapshot.context
  const tiles: RoomTile[] = [
    ...(c.self
      ? [
          {
            id: c.self._id,
            name: c.self.name,
            photoUrl: c.self.photo_url,
            initials: initialsOf(c.self.name),
            self: true,
            audio: c.audio,
            video: c.camera || c.screen,
            screen: c.screen,
            speaking: c.speaking && c.audio,
          },
        ]
      : []),
    ...c.peers.map((p) => ({
      id: p._id,
      name: p.name,
      photoUrl: p.photo_url,
      initials: initialsOf(p.name),
      self: false,
      audio: p.audio,
      video: p.video || p.screen,
      screen: p.screen,
      speaking: p.speaking && p.audio,
    })),
  ]
  const choice = (kind: DeviceKind): DeviceChoice => ({
    kind,
    options: c.devices.filter((d) => d.kind === kind),
    selected: c.chosen[kind],
    onChoose: (deviceId) => send({ type: 'CHOOSE_DEVICE', kind, deviceId }),
  })
  return {
    phase: phaseOf(snapshot),
    title: c.title,
    error: c.error,
    tiles,
    canControl: snapshot.matches('connected'),
    audio: c.audio,
    camera: c.camera,
    screen: c.screen,
    screenAsked: c.screenAsked,
    devices: { audio: choice('audioinput'), video: choice('videoinput') },
    chat: c.topicId ? { topicId: c.topicId, open: c.chatOpen, onToggle: () => send({ type: 'TOGGLE_CHAT' }) } : null,
    onToggleAudio: () => send({ type: 'TOGGLE_AUDIO' }),
    onToggleCamera: () => send({ type: 'TOGGLE_CAMERA' }),
    onToggleScreen: () => send({ type: 'TOGGLE_SCREEN' }),
    onLeave: () => send({ type: 'LEAVE' }),
    onRetry: () => send({ type: 'RETRY' }),
    onBack: () => send({ type: 'BACK' }),
  }
}
