import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { callRoomMachine, connect, type CallRoomInput, type CallRoomProps } from '../machines/call-room'
import { leaveCall } from './api/call'
import { RoomMedia, type RoomMediaView } from './room-media'

export type { RoomMediaView, TileMedia } from './room-media'

/**
 * The room view's runtime: the callRoom machine with its real actors (RoomMedia's WebRTC for joining
 * and the session, call/out for leaving), back to the call's chat when it is over. Takes the room id
 * (a call's uuid or a meeting's id), the call id (null in a meeting) and a meeting's room token.
 */
export function useCallRoom(input: CallRoomInput): { room: CallRoomProps; media: RoomMediaView } {
  const navigate = useNavigate()
  const media = useMemo(() => new RoomMedia(input.roomId), [input.roomId])
  const machine = useMemo(
    () =>
      callRoomMachine.provide({
        actors: {
          ...media.actors(),
          leaveRoom: fromPromise<unknown, { roomId: string; callId: string | null }>(async ({ input: leaving }) => {
            if (leaving.callId) await leaveCall(leaving.callId)
          }),
        },
        actions: {
          openChat: (_, { topicId }) => void navigate(topicId ? { to: '/chat/$topicId', params: { topicId } } : { to: '/chat/default' }),
        },
      }),
    [media, navigate],
  )
  const actor = useActorRef(machine, { input })
  useEffect(() => () => media.stop(), [media])
  const snapshot = useSelector(actor, (s) => s)
  const view = useSyncExternalStore(media.subscribe, media.view, media.view)
  const room = useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
  return { room, media: view }
}

/** Whether this browser can share a screen. */
export const canShareScreen = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function'
