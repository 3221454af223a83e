import { createFileRoute } from '@tanstack/react-router'
import { useMeetingJoin, useMeetingRoom } from '../services/meeting'
import { canShareScreen } from '../services/call-room'
import { useSession } from '../services/session'
import { RoomView } from '../ui/call-room/room-view'
import { MeetingJoinScreen } from '../ui/meeting/meeting-join-screen'
import { MeetingPanel } from '../ui/meeting/meeting-panel'

interface MeetingSearch {
  /** The joiner's room token (call-open/create or join): without it, the join screen. */
  jwt?: string
  room?: string
  name?: string
  code?: string
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
const searchOf = (search: Record<string, unknown>): MeetingSearch => {
  const out: MeetingSearch = {}
  for (const key of ['jwt', 'room', 'name', 'code'] as const) {
    const value = text(search[key]) ?? (typeof search[key] === 'number' ? String(search[key]) : undefined)
    if (value !== undefined) out[key] = value
  }
  return out
}

/** /call-open/{id}?jwt&room&name&code: an instant meeting (guests too), or its join screen without a room token. */
export const Route = createFileRoute('/call-open/$id')({ validateSearch: searchOf, component: MeetingPage })

function MeetingPage() {
  const { id } = Route.useParams()
  const { jwt, name, code } = Route.useSearch()
  const userName = useSession((state) => state?.context.user?.name ?? '')
  return jwt ? (
    <MeetingRoom key={jwt} meetingId={id} token={jwt} code={code ?? ''} />
  ) : (
    <MeetingJoin key={code} meetingId={id} code={code ?? ''} name={name || userName} />
  )
}

function MeetingJoin({ meetingId, code, name }: { meetingId: string; code: string; name: string }) {
  return <MeetingJoinScreen {...useMeetingJoin(meetingId, code, name)} />
}

function MeetingRoom({ meetingId, token, code }: { meetingId: string; token: string; code: string }) {
  const { room, media, panel } = useMeetingRoom(meetingId, token, code)
  return (
    <RoomView
      {...room}
      media={media}
      canShareScreen={canShareScreen()}
      // A meeting's chat is its own (the room's), in the side panel with the code and the host controls.
      chat={{ topicId: meetingId, open: panel.open, onToggle: panel.onToggle }}
      chatPanel={<MeetingPanel {...panel} participants={room.tiles} />}
    />
  )
}
