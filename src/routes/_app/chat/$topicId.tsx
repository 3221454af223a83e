import { createFileRoute } from '@tanstack/react-router'
import { topicAllows, type TopicInfo } from '../../../../contract/topic'
import { meIdOf } from '../../../machines/session'
import { useAttention, useDndNotice } from '../../../services/attention'
import { useStartCall } from '../../../services/calls'
import { CallButtons } from '../../../ui/call-overlay/call-buttons'
import { useConversation } from '../../../services/conversation'
import { useSession } from '../../../services/session'
import { usePresence } from '../../../services/presence'
import { useReceipts } from '../../../services/receipts'
import { ChatLoading, ChatUnavailable } from '../../../ui/chat-status'
import { DndNotice } from '../../../ui/attention/dnd-notice'
import { TopicBell } from '../../../ui/attention/topic-bell'
import { Conversation } from '../../../ui/conversation/conversation'
import { MarkdownLinksProvider } from '../../../ui/markdown/markdown'
import { useVisibleChats } from '../../../services/topic-list'
import { chatPolls } from '../../-chat-polls'
import { useChatReactions } from '../../-chat-reactions'
import { useChatTodos } from '../../-todos'
import { useChatCalendar } from '../../-calendar'
import { useChatLater } from '../../-saved'
import { ChatWithThread, useOpenThread } from '../../-thread'

/** ?seq=N opens the chat on that message (a message search result). */
const searchOf = (search: Record<string, unknown>): { seq?: number } => {
  const seq = Number(search.seq)
  return search.seq !== undefined && Number.isSafeInteger(seq) && seq >= 0 ? { seq } : {}
}

export const Route = createFileRoute('/_app/chat/$topicId')({
  validateSearch: searchOf,
  // The API layer loads with the chat, not with every route's definition (the routes chunk).
  loader: async ({ params }) => (await import('../../../services/conversation')).loadTopic(params.topicId),
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: ChatLoading,
  errorComponent: () => <ChatUnavailable />,
  component: TopicPage,
})

function TopicPage() {
  const topic = Route.useLoaderData()
  const { seq } = Route.useSearch()
  const meId = useSession(meIdOf)
  if (!meId) return <ChatLoading />
  return (
    <ChatWithThread>
      <OpenChat key={`${topic._id}:${seq ?? ''}`} topic={topic} meId={meId} focusSeq={seq ?? null} />
    </ChatWithThread>
  )
}

function OpenChat({ topic, meId, focusSeq }: { topic: TopicInfo; meId: string; focusSeq: number | null }) {
  const attention = useAttention()
  const todos = useChatTodos(topic, meId)
  const calendar = useChatCalendar(topic)
  const partner = !topic.is_group && topic.partner_id ? topic.customers.find((c) => c._id === topic.partner_id) : undefined
  const partnerPresence = usePresence(partner?._id)
  const receipts = useReceipts(topic, meId)
  const chats = useVisibleChats()
  const openThread = useOpenThread(topic._id)
  const chat = useConversation(topic, meId, focusSeq)
  const reactions = useChatReactions(topic, meId, chat.conversation.history.messages, chat.onReacted)
  const later = useChatLater(topic._id, chat.composer)
  return (
    <MarkdownLinksProvider members={topic.customers} chats={chats}>
      <Conversation
        {...chat}
        {...chatPolls(topic, meId)}
        {...todos}
        reactions={reactions.reactions}
        quickReactions={reactions.quickReactions}
        panels={
          <>
            {todos.panels}
            {reactions.panels}
            {later.panels}
          </>
        }
        chatMenuItems={
          <>
            {todos.chatMenuItems}
            {calendar.chatMenuItems}
            {later.chatMenuItems}
          </>
        }
        onRemind={later.onRemind}
        saved={later.saved}
        besideSend={later.besideSend}
        onReplyInThread={openThread}
        person={partner ? { workid: partner.workid, photoUrl: topic.photo_url, presence: partnerPresence } : null}
        readers={receipts}
        bell={attention ? <TopicBell {...attention.bell(topic._id)} /> : null}
        calls={<ChatCallButtons topic={topic} variant="icon" />}
        callItems={<ChatCallButtons topic={topic} variant="menu" />}
        notice={
          <>
            {later.notes}
            {partner ? <PartnerDnd topicId={topic._id} partnerId={partner._id} name={topic.name} meId={meId} /> : null}
          </>
        }
      />
    </MarkdownLinksProvider>
  )
}

/** Voice and video call from the open chat: call/customer by the 1:1 topic, call/topic for a group (admin-only where it restricts calls). */
function ChatCallButtons({ topic, variant }: { topic: TopicInfo; variant: 'icon' | 'menu' }) {
  const { busy, start } = useStartCall()
  const name = topic.name
  return (
    <CallButtons
      variant={variant}
      name={name}
      busy={busy}
      adminOnly={!topicAllows(topic, topic.role, 'call')}
      onCall={(isVideo) =>
        start({ topic_id: topic._id, group: topic.is_group }, isVideo, { name, photoUrl: topic.is_group ? topic.image : topic.photo_url })
      }
    />
  )
}

/** The 1:1 chat's do-not-disturb hint with "notify anyway". */
function PartnerDnd({ topicId, partnerId, name, meId }: { topicId: string; partnerId: string; name: string; meId: string }) {
  return <DndNotice {...useDndNotice(topicId, partnerId, meId)} name={name} />
}
