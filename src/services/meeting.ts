import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { CallOpenResult, MeetingDetail, MeetingHostBody } from '../../contract/call'
import { callRoomMachine, connect as connectRoom, type CallRoomProps } from '../machines/call-room'
import { connect as connectJoin, meetingJoinMachine } from '../machines/meeting-join'
import { connect as connectPanel, meetingRoomMachine, type MeetingRoomProps } from '../machines/meeting-room'
import { hostMeeting, joinMeeting, meetingByCode } from './api/meeting'
import { RoomMedia, type RoomMediaView } from './room-media'
import { currentSocket, onSocketEvent, openRoomSocket } from './socket'
import { showToast } from './toast'

const REMOVED = msg`The host removed you from this meeting`
const MUTED = msg`The host muted your microphone`

/** The meeting's page with a room token: /call-open/{id}?jwt&room&name&code. */
export const meetingPageSearch = (result: CallOpenResult, name: string, room: string) => ({
  jwt: result.jwt,
  room,
  name,
  code: result.code,
})

/** The join screen (/call-open/{id} without a room token): the meetingJoin machine with call-open/detail and join. */
export function useMeetingJoin(meetingId: string, code: string, name: string) {
  const navigate = useNavigate()
  const go = useRef(navigate)
  go.current = navigate
  const machine = useMemo(
    () =>
      meetingJoinMachine.provide({
        actors: {
          findMeeting: fromPromise<MeetingDetail, { code: string }>(({ input }) => meetingByCode(input.code)),
          joinMeeting: fromPromise<CallOpenResult, { code: string; name: string; password: string }>(({ input }) => joinMeeting(input)),
        },
        actions: {
          enterMeeting: (_, { result, name: joined, room }) =>
            void go.current({
              to: '/call-open/$id',
              params: { id: result._id || meetingId },
              search: meetingPageSearch(result, joined, room),
              replace: true,
            }),
        },
      }),
    [meetingId],
  )
  const actor = useActorRef(machine, { input: { code, name } })
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectJoin(snapshot, actor.send), [snapshot, actor])
}

/** What the room token says of its holder (the page reads it to show the host controls; the server checks it on every use). */
function hostOf(token: string): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { host?: unknown }
    return payload.host === true
  } catch {
    return false
  }
}

/**
 * A meeting's page with its room token: the callRoom machine and RoomMedia's WebRTC (the room view
 * of calls, kind 'meeting', always through the SFU), over the app's socket or, for a guest, a socket
 * of the room token; and the meetingRoom machine (code, chat, host controls). The host's mute and
 * remove reach this participant as ROOM_HOST: the microphone goes off, or the room is left.
 */
export function useMeetingRoom(meetingId: string, token: string, code: string) {
  const navigate = useNavigate()
  const go = useRef(navigate)
  go.current = navigate
  // A guest has no session socket: the room token opens one for this meeting.
  useEffect(() => (currentSocket() ? undefined : openRoomSocket(token)), [token])
  const media = useMemo(() => new RoomMedia(meetingId), [meetingId])
  const roomMachine = useMemo(
    () =>
      callRoomMachine.provide({
        actors: {
          ...media.actors(),
          leaveRoom: fromPromise<unknown, { roomId: string; callId: string | null }>(async ({ input: leaving }) => {
            currentSocket()?.emit('ROOM_LEAVE', { room_id: leaving.roomId })
          }),
        },
        // A meeting has no chat topic to go back to: the front page.
        actions: { openChat: () => void go.current({ to: '/' }) },
      }),
    [media],
  )
  const roomActor = useActorRef(roomMachine, { input: { roomId: meetingId, callId: null, token, video: true } })
  useEffect(() => () => media.stop(), [media])
  const roomSnapshot = useSelector(roomActor, (s) => s)
  const mediaView: RoomMediaView = useSyncExternalStore(media.subscribe, media.view, media.view)
  const room: CallRoomProps = useMemo(() => connectRoom(roomSnapshot, roomActor.send), [roomSnapshot, roomActor])

  const panelMachine = useMemo(
    () =>
      meetingRoomMachine.provide({
        actors: { hostAction: fromPromise<MeetingDetail, MeetingHostBody>(({ input }) => hostMeeting(token, input)) },
        actions: {
          sendLine: (_, { text }) => void currentSocket()?.emit('ROOM_CHAT', { room_id: meetingId, text }),
          copyCode: (_, { code: copied }) => void navigator.clipboard?.writeText(copied).catch(() => undefined),
        },
      }),
    [meetingId, token],
  )
  const panelActor = useActorRef(panelMachine, { input: { meetingId, code, host: hostOf(token) } })
  useEffect(() => {
    const offs = [
      onSocketEvent('ROOM_CHAT', (line) => {
        if (line.room_id === meetingId) panelActor.send({ type: 'LINE', line })
      }),
      onSocketEvent('ROOM_HOST', ({ room_id, action }) => {
        if (room_id !== meetingId) return
        if (action === 'lock' || action === 'unlock') panelActor.send({ type: 'LOCKED', locked: action === 'lock' })
        else if (action === 'mute') {
          if (roomActor.getSnapshot().context.audio) roomActor.send({ type: 'TOGGLE_AUDIO' })
          showToast({ text: i18n._(MUTED), tone: 'info' })
        } else if (action === 'remove') {
          showToast({ text: i18n._(REMOVED), tone: 'info' })
          roomActor.send({ type: 'LEAVE' })
        }
      }),
    ]
    return () => offs.forEach((off) => off())
  }, [meetingId, panelActor, roomActor])
  const panelSnapshot = useSelector(panelActor, (s) => s)
  const panel: MeetingRoomProps = useMemo(() => connectPanel(panelSnapshot, panelActor.send), [panelSnapshot, panelActor])
  return { room, media: mediaView, panel }
}
