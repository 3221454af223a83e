import { useEffect, useMemo } from 'react'
import { t } from '@lingui/core/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { MEDIA_URL_TTL_SECONDS } from '../../contract/media'
import type { Message } from '../../contract/message'
import type { TopicInfo } from '../../contract/topic'
import {
  connect,
  conversationMachine,
  type DeleteInput,
  type EditInput,
  type ForwardInput,
  type ForwardTarget,
  type PinInput,
} from '../machines/conversation'
import { undelivered } from '../machines/outbox'
import {
  chatWithCustomer,
  chatWithQuietly,
  deleteMessage,
  editMessage,
  forwardMessage,
  listTopics,
  messagesOf,
  pinMessage,
  pinnedOf,
  topicInfo,
  withFreshLinks,
} from './chat'
import { useComposer } from './composer'
import { useOutbox } from './outbox'
import { onSocketConnect, onSocketEvent } from './socket'

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
    loadPinned: fromPromise<Message[], { topicId: string }>(({ input }) => pinnedOf(input.topicId)),
    loadForwardTargets: fromPromise<ForwardTarget[], { topicId: string }>(async ({ input }) =>
      (await listTopics(1)).filter((topic) => topic._id !== input.topicId).map(({ _id, name }) => ({ _id, name })),
    ),
    forwardMessage: fromPromise<Message[], ForwardInput>(({ input }) => forwardMessage(input.message_id, input.topic_ids)),
  },
})

/** File links live MEDIA_URL_TTL_SECONDS: the shown files get new ones five minutes before theirs run out. */
const LINK_REFRESH_MS = (MEDIA_URL_TTL_SECONDS - 5 * 60) * 1000

/** GET topic/info for the chat page's loader. */
export const loadTopic = (topicId: string): Promise<TopicInfo> => topicInfo(topicId)

/** The 1:1 chat with the person of this workid (GET topic/chat-friend), for the /<workid> loader. */
export const openChatWith = async (workid: string): Promise<{ topicId: string }> => ({ topicId: (await chatWithQuietly(workid))._id })

/** The 1:1 chat with a person by id, for /deeplink/customer/{id}. */
export const openChatWithCustomer = async (customerId: string): Promise<{ topicId: string }> => ({
  topicId: (await chatWithCustomer(customerId))._id,
})

/**
 * One open chat: the conversation machine with the message calls, fed live by the socket (new and
 * changed messages, typing, a catch-up on every reconnection) and by the outbox (the user's own
 * sent messages); beside it the composer, whose messages go to the outbox and whose edits to the
 * conversation. Returns the props of the Conversation view.
 */
export function useConversation(topic: TopicInfo, meId: string, focusSeq: number | null = null) {
  const actor = useActorRef(appConversationMachine, { input: { topic, meId, focusSeq } })
  const snapshot = useSelector(actor, (s) => s)
  const outbox = useOutbox(meId, topic._id)
  const composer = useComposer(topic, meId, {
    send: (message) => outbox.enqueue({ ...message, client_id: crypto.randomUUID(), created_at: new Date().toISOString() }),
    edit: (messageId, text) => actor.send({ type: 'EDIT', messageId, text }),
  })

  useEffect(() => {
    const catchUp = () => actor.send({ type: 'CATCH_UP' })
    const offs = [
      onSocketEvent('NEW_MESSAGE', ({ message }) => {
        if (message.topic_id !== topic._id) return
        // A push carries no file links (they are signed for each reader): fetch this reader's copy.
        if (message.media.length) catchUp()
        else actor.send({ type: 'RECEIVED', message: { ...message, media: [] } })
      }),
      onSocketEvent('MESSAGE_CHANGED', ({ message }) => actor.send({ type: 'CHANGED', message })),
      onSocketEvent('TYPING', ({ topic_id, user }) => {
        if (topic_id === topic._id) actor.send({ type: 'TYPING', typist: user })
      }),
      // One reconnection, one catch-up: the socket's (re)connect is when live messages flow again, so
      // a catch-up then leaves no gap. The browser's `online` is not a second trigger: the socket
      // reconnects on it (socketConnection), and a catch-up before that could miss what comes between.
      onSocketConnect(catchUp),
      outbox.onSent((message) => actor.send({ type: 'RECEIVED', message })),
    ]
    return () => offs.forEach((off) => off())
  }, [actor, outbox.onSent, topic._id])

  useEffect(() => {
    const refresh = setInterval(() => {
      const withFiles = actor.getSnapshot().context.messages.filter((m) => m.media.length > 0)
      if (!withFiles.length) return
      withFreshLinks(topic._id, withFiles[0]!.seq, withFiles.at(-1)!.seq).then(
        (fresh) => fresh.forEach((message) => actor.send({ type: 'RECEIVED', message })),
        () => undefined,
      )
    }, LINK_REFRESH_MS)
    return () => clearInterval(refresh)
  }, [actor, topic._id])

  const conversation = useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
  const pending = useMemo(
    () => undelivered(outbox.props.pending, conversation.history.messages),
    [outbox.props.pending, conversation.history.messages],
  )
  return { conversation, composer, outbox: { ...outbox.props, pending } }
}
