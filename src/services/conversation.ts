import { useCallback, useEffect, useMemo } from 'react'
import { msg, t } from '@lingui/core/macro'
import { useActor, useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { Message } from '../../contract/message'
import type { MessageReactions } from '../../contract/reaction'
import type { TopicInfo } from '../../contract/topic'
import {
  connect,
  conversationMachine,
  type DeleteInput,
  type EditInput,
  type ForwardInput,
  type ForwardTarget,
  type PinInput,
  type RemovePreviewInput,
} from '../machines/conversation'
import { connect as connectEditHistory, editHistoryMachine, type MessageVersion } from '../machines/edit-history'
import { undelivered } from '../machines/outbox'
import { mediaTokenOf } from '../machines/session/session.connect'
import { deleteMessage, editMessage, forwardMessage, messageHistory, messagesOf, pinMessage, pinnedOf, removePreview } from './api/message'
import { listTopics, topicInfo } from './api/topic'
import { useComposer } from './composer'
import { useOutbox } from './outbox'
import { useSession } from './session'
import { onSocketConnect, onSocketEvent } from './socket'
import { showToast } from './toast'

const appConversationMachine = conversationMachine.provide({
  actors: {
    loadLatest: fromPromise<Message[], { topicId: string; before?: number }>(({ input }) =>
      messagesOf(input.topicId, input.before === undefined ? {} : { before: input.before }),
    ),
    loadBefore: fromPromise<Message[], { topicId: string; before: number }>(({ input }) =>
      messagesOf(input.topicId, { before: input.before }),
    ),
    loadAfter: fromPromise<Message[], { topicId: string; after: number }>(({ input }) => messagesOf(input.topicId, { after: input.after })),
    editMessage: fromPromise<Message, EditInput>(({ input }) => editMessage(input.message_id, input.message)),
    confirmDelete: fromPromise<boolean, DeleteInput>(async () => window.confirm(t`Delete this message for everyone?`)),
    deleteMessage: fromPromise<Message, DeleteInput>(({ input }) => deleteMessage(input.message_id)),
    pinMessage: fromPromise<Message, PinInput>(({ input }) => pinMessage(input.message_id, input.pin)),
    removePreview: fromPromise<Message, RemovePreviewInput>(({ input }) => removePreview(input.message_id)),
    loadPinned: fromPromise<Message[], { topicId: string }>(({ input }) => pinnedOf(input.topicId)),
    loadForwardTargets: fromPromise<ForwardTarget[], { topicId: string }>(async ({ input }) =>
      (await listTopics(1)).filter((topic) => topic._id !== input.topicId).map(({ _id, name }) => ({ _id, name })),
    ),
    forwardMessage: fromPromise<Message[], ForwardInput>(({ input }) => forwardMessage(input.message_id, input.topic_ids)),
  },
})

const appEditHistoryMachine = editHistoryMachine.provide({
  actors: { loadHistory: fromPromise<MessageVersion[], { messageId: string }>(({ input }) => messageHistory(input.messageId)) },
})

/**
 * Permalinks: the address that opens the chat on a message (the chat's ?seq, as a search result
 * does), for any member, after a reload too, however far back the message is.
 */
export const messageLink = (message: Pick<Message, 'topic_id' | 'seq'>, origin = window.location.origin): string =>
  new URL(`/chat/${encodeURIComponent(message.topic_id)}?seq=${message.seq}`, origin).href

/** "Copy link": the message's permalink to the clipboard, and a notice either way. */
async function copyMessageLink(message: Message): Promise<void> {
  try {
    await navigator.clipboard.writeText(messageLink(message))
    showToast({ tone: 'success', text: msg`Link copied` })
  } catch {
    showToast({ tone: 'error', text: msg`Could not copy the link` })
  }
}

/** GET topic/info for the chat page's loader. */
export const loadTopic = (topicId: string): Promise<TopicInfo> => topicInfo(topicId)

const topicLoader = fromPromise<TopicInfo, { topicId: string }>(({ input }) => topicInfo(input.topicId))

/**
 * A chat shown outside its page (a call's chat beside the tiles): its topic while it loads (null),
 * once loaded, or 'unavailable' (not a member any more, or gone). Read once: key the caller by topic.
 */
export function useTopicInfo(topicId: string): TopicInfo | null | 'unavailable' {
  const [snapshot] = useActor(topicLoader, { input: { topicId } })
  return snapshot.status === 'done' ? snapshot.output : snapshot.status === 'error' ? 'unavailable' : null
}

/**
 * One open chat: the conversation machine with the message calls, fed as they come by the socket
 * (its NEW_MESSAGE, MESSAGE_CHANGED and TYPING events and its connections), the session (its media
 * token) and the outbox (the user's own sent messages); the chart decides what each means. Beside
 * it the composer, whose messages go to the outbox and whose edits to the conversation. Returns the
 * props of the Conversation view.
 */
export function useConversation(topic: TopicInfo, meId: string, focusSeq: number | null = null) {
  const mediaToken = useSession(mediaTokenOf)
  const actor = useActorRef(appConversationMachine, { input: { topic, meId, focusSeq, mediaToken } })
  const snapshot = useSelector(actor, (s) => s)
  const outbox = useOutbox(meId, topic._id)
  const composer = useComposer(topic, meId, {
    send: (message) => outbox.enqueue({ ...message, client_id: crypto.randomUUID(), created_at: new Date().toISOString() }),
    edit: (messageId, text) => actor.send({ type: 'EDIT', messageId, text }),
  })

  useEffect(() => {
    const offs = [
      onSocketEvent('NEW_MESSAGE', (payload) => actor.send({ type: 'SOCKET_NEW_MESSAGE', ...payload })),
      onSocketEvent('MESSAGE_CHANGED', (payload) => actor.send({ type: 'SOCKET_MESSAGE_CHANGED', ...payload })),
      onSocketEvent('TYPING', (payload) => actor.send({ type: 'SOCKET_TYPING', ...payload })),
      onSocketEvent('MESSAGE_REACTED', (payload) => actor.send({ type: 'MESSAGE_REACTED', ...payload })),
      // The socket's (re)connect is when live messages flow again. The browser's `online` is not a
      // second one: the socket reconnects on it (socketConnection).
      onSocketConnect(() => actor.send({ type: 'CONNECTED' })),
      outbox.onSent((message) => actor.send({ type: 'RECEIVED', message })),
    ]
    return () => offs.forEach((off) => off())
  }, [actor, outbox.onSent])

  useEffect(() => actor.send({ type: 'MEDIA_TOKEN', token: mediaToken }), [actor, mediaToken])

  const conversation = useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
  // Edit history: the dialog "(edited)" opens.
  const historyActor = useActorRef(appEditHistoryMachine)
  const historySnapshot = useSelector(historyActor, (s) => s)
  const editHistory = useMemo(() => connectEditHistory(historySnapshot, historyActor.send), [historySnapshot, historyActor])
  const pending = useMemo(
    () => undelivered(outbox.props.pending, conversation.history.messages),
    [outbox.props.pending, conversation.history.messages],
  )
  // Reactions: the server's answer to the user's own reaction, merged as the socket's MESSAGE_REACTED is.
  const onReacted = useCallback((answer: MessageReactions) => actor.send({ type: 'MESSAGE_REACTED', ...answer }), [actor])
  return { conversation, composer, outbox: { ...outbox.props, pending }, editHistory, onCopyLink: copyMessageLink, onReacted }
}
