import { createFileRoute } from '@tanstack/react-router'
import type { TopicInfo } from '../../../contract/topic'
import { meIdOf } from '../../machines/session'
import { canShareScreen, useCallRoom } from '../../services/call-room'
import { useConversation, useTopicInfo } from '../../services/conversation'
import { useSession } from '../../services/session'
import { RoomView } from '../../ui/call-room/room-view'
import { ChatLoading, ChatUnavailable } from '../../ui/chat-status'
import { Conversation } from '../../ui/conversation/conversation'
import { chatPolls } from '../-chat-polls'
import { useChatReactions } from '../-chat-reactions'

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
      chatPanel={room.chat ? <CallChat key={room.chat.topicId} topicId={room.chat.topicId} /> : null}
    />
  )
}

/** The call's chat beside the tiles: its topic's conversation (the 1:1 chat or the group the call started in). */
function CallChat({ topicId }: { topicId: string }) {
  const topic = useTopicInfo(topicId)
  const meId = useSession(meIdOf)
  if (topic === 'unavailable') return <ChatUnavailable />
  if (!topic || !meId) return <ChatLoading />
  return <CallConversation topic={topic} meId={meId} />
}

function CallConversation({ topic, meId }: { topic: TopicInfo; meId: string }) {
  const chat = useConversation(topic, meId)
  const reactions = useChatReactions(topic, meId, chat.conversation.history.messages, chat.onReacted)
  return <Conversation {...chat} {...chatPolls(topic, meId)} {...reactions} header={false} />
}
