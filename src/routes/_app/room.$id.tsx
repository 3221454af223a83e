import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { canShareScreen, useCallRoom } from '../../services/call-room'
import { RoomView } from '../../ui/call-room/room-view'

/** ?call={call id}: the call the room belongs to (leaving posts call/out with it); ?video=0: a voice call (camera off). */
const searchOf = (search: Record<string, unknown>): { call?: string; video?: 0 | 1 } => ({
  ...(typeof search.call === 'string' ? { call: search.call } : {}),
  ...(search.video === 0 || search.video === '0'
    ? { video: 0 as const }
    : search.video === 1 || search.video === '1'
      ? { video: 1 as const }
      : {}),
})

/** /room/{id}: a call's room (its uuid), full screen above the app. */
export const Route = createFileRoute('/_app/room/$id')({ validateSearch: searchOf, component: RoomPage })

function RoomPage() {
  const { id } = Route.useParams()
  const { call, video } = Route.useSearch()
  return <Room key={id} roomId={id} callId={call ?? null} video={video !== 0} />
}

function Room({ roomId, callId, video }: { roomId: string; callId: string | null; video: boolean }) {
  const { room, media } = useCallRoom({ roomId, callId, token: null, video })
  return (
    <RoomView
      {...room}
      media={media}
      canShareScreen={canShareScreen()}
      chatPanel={
        room.chat ? (
          <div className="p-4 text-sm">
            <Link
              to="/chat/$topicId"
              params={{ topicId: room.chat.topicId }}
              target="_blank"
              className="font-semibold text-indigo-700 underline"
            >
              <Trans>Open the call's chat in a new tab</Trans>
            </Link>
          </div>
        ) : null
      }
    />
  )
}
