import { createContext, useContext, useEffect, useMemo } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { msg } from '@lingui/core/macro'
import type { PushedMessage } from '../../contract/message'
import { markdownToPlain } from '../../contract/markdown-text'
import {
  type ChatBadgeProps,
  connect,
  connectBadge,
  type TopicItem,
  type TopicLastMessage,
  type TopicListActor,
  topicListMachine,
  withDrafts,
} from '../machines/topic-list'
import { listDrafts } from './api/draft'
import { hideTopic, listHiddenTopics, listTopics, pinTopic, saveSeen, topicInfo, unhideTopic, unpinTopic } from './api/topic'
import { everyPage } from './pages'
import { onSocketConnect, onSocketEvent } from './socket'
import { offerUndo } from './toast'

const appTopicListMachine = topicListMachine.provide({
  actors: {
    // Each chat with the user's draft of it; the list shows without drafts when those cannot be read.
    loadTopics: fromPromise<TopicItem[], void>(async () => {
      const [topics, drafts] = await Promise.all([everyPage(listTopics), listDrafts().catch(() => [])])
      return withDrafts(topics, drafts)
    }),
    pinTopic: fromPromise<unknown, { topic_id: string }>(({ input }) => pinTopic(input.topic_id)),
    unpinTopic: fromPromise<unknown, { topic_id: string }>(({ input }) => unpinTopic(input.topic_id)),
    hideTopic: fromPromise<unknown, { topic_id: string }>(({ input }) => hideTopic(input.topic_id)),
    unhideTopic: fromPromise<unknown, { topic_id: string }>(({ input }) => unhideTopic(input.topic_id)),
    loadHidden: fromPromise<TopicItem[], void>(() => everyPage(listHiddenTopics)),
    saveSeen: fromPromise<unknown, { topic_id: string; is_seen: boolean }>(({ input }) => saveSeen(input.topic_id, input.is_seen)),
    loadTopic: fromPromise<TopicItem, { topic_id: string }>(({ input }) => topicInfo(input.topic_id)),
  },
})

const textOf = (message: PushedMessage) =>
  message.type === 'html'
    ? (new DOMParser().parseFromString(message.message, 'text/html').body.textContent ?? '')
    : message.type === 'text'
      ? markdownToPlain(message.message)
      : message.message

/** A message as the list's last-message line. */
export const lastMessageOf = (message: PushedMessage): TopicLastMessage => ({
  _id: message._id,
  message: message.is_deleted ? '' : textOf(message).slice(0, 200),
  type: message.type,
  created_at: message.created_at,
  deleted: message.is_deleted,
})

/** The signed-in user's chat list, as the sidebar layout runs it (useTopicListRuntime) for its pages and header. */
export const TopicListActorContext = createContext<TopicListActor | null>(null)

/**
 * Runs the signed-in user's chat list (the sidebar layout calls it and provides the actor through
 * TopicListActorContext): the topicList machine with the topic calls, fed by the socket as it comes
 * (new and deleted messages, topics that appear, change or are left, channels left, its connections). The chart
 * decides what each means; the chats page and the header's unread chats badge read it.
 */
export function useTopicListRuntime(meId: string): TopicListActor {
  const actor = useActorRef(appTopicListMachine, { input: { meId } })
  useEffect(() => {
    const offs = [
      onSocketEvent('NEW_MESSAGE', ({ message }) => {
        // A reply only in its thread is not the chat's message (the server keeps it out of the chat's latest and unread too).
        if (message.thread_root_id !== null && !message.also_in_chat) return
        actor.send({
          type: 'NEW_MESSAGE',
          topicId: message.topic_id,
          senderId: message.sender?._id ?? null,
          message: lastMessageOf(message),
        })
      }),
      onSocketEvent('MESSAGE_CHANGED', ({ change, message }) => {
        if (change === 'deleted') actor.send({ type: 'MESSAGE_DELETED', topicId: message.topic_id, messageId: message._id })
      }),
      onSocketEvent('TOPIC_CHANGED', ({ change, topic }) => actor.send({ type: 'TOPIC_CHANGED', change, topic })),
      onSocketEvent('DRAFT_CHANGED', (draft) => actor.send({ type: 'DRAFT_CHANGED', topicId: draft.topic_id, text: draft.text })),
      onSocketEvent('OUT_TOPIC', ({ topic_id }) => actor.send({ type: 'REMOVED', topicId: topic_id })),
      // Left or removed from a channel: each of its groups they were in leaves the list.
      onSocketEvent('OUT_CHANNEL', ({ topic_ids }) => topic_ids.forEach((topicId) => actor.send({ type: 'REMOVED', topicId }))),
      onSocketConnect(() => actor.send({ type: 'CONNECTED' })),
    ]
    // A hidden chat: the toast offers Undo, which brings it back.
    const hidden = actor.on('hidden', ({ topicId }) => offerUndo(msg`Chat hidden`, () => actor.send({ type: 'UNHIDE', topicId })))
    return () => {
      offs.forEach((off) => off())
      hidden.unsubscribe()
    }
  }, [actor])
  return actor
}

const useListActor = (): TopicListActor => {
  const actor = useContext(TopicListActorContext)
  if (!actor) throw new Error('useTopicList: no chat list (the sidebar layout provides it)')
  return actor
}

/**
 * The chats page's list: the signed-in user's chat list, told which chat is open (once its page
 * loaded: it is then marked seen) and that it is shown (it reads the list again in the background).
 */
export function useTopicList(openTopicId: string | null) {
  const actor = useListActor()
  const snapshot = useSelector(actor, (s) => s)
  const navigate = useNavigate()

  useEffect(() => {
    actor.send({ type: 'SHOWN' })
    return () => actor.send({ type: 'OPEN', topicId: null })
  }, [actor])

  useEffect(() => actor.send({ type: 'OPEN', topicId: openTopicId }), [actor, openTopicId])

  return useMemo(
    () => ({
      ...connect(snapshot, actor.send),
      activeId: openTopicId,
      onOpen: (topicId: string) => void navigate({ to: '/chat/$topicId', params: { topicId } }),
    }),
    [snapshot, actor, openTopicId, navigate],
  )
}

/** The header chat icon's badge: the unread chats of the list (no request of its own). */
export function useChatBadge(actor: TopicListActor): ChatBadgeProps {
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectBadge(snapshot), [snapshot])
}

const NO_CHATS: { _id: string; name: string }[] = []
const groupChatsOf = (topics: TopicItem[]) => topics.filter((t) => t.is_group).map(({ _id, name }) => ({ _id, name }))

/** The reader's group chats (for #chat links in messages): none outside the signed-in layout. */
export function useVisibleChats(): { _id: string; name: string }[] {
  const actor = useContext(TopicListActorContext)
  const topics = useSelector(actor ?? undefined, (s) => s?.context.topics)
  return useMemo(() => (topics ? groupChatsOf(topics) : NO_CHATS), [topics])
}
