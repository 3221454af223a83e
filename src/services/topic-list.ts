import { useEffect, useMemo } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { PushedMessage } from '../../contract/message'
import type { Topic } from '../../contract/topic'
import { connect, type TopicItem, type TopicLastMessage, topicListMachine } from '../machines/topic-list'
import { hideTopic, listTopics, pinTopic, saveSeen, topicInfo, unpinTopic } from './chat'
import { everyPage } from './pages'
import { onSocketConnect, onSocketEvent } from './socket'

const appTopicListMachine = topicListMachine.provide({
  actors: {
    loadTopics: fromPromise<TopicItem[], void>(() => everyPage(listTopics)),
    pinTopic: fromPromise<unknown, { topic_id: string }>(({ input }) => pinTopic(input.topic_id)),
    unpinTopic: fromPromise<unknown, { topic_id: string }>(({ input }) => unpinTopic(input.topic_id)),
    hideTopic: fromPromise<unknown, { topic_id: string }>(({ input }) => hideTopic(input.topic_id)),
    saveSeen: fromPromise<unknown, { topic_id: string; is_seen: boolean }>(({ input }) => saveSeen(input.topic_id, input.is_seen)),
  },
})

const textOf = (message: PushedMessage) =>
  message.type === 'html' ? (new DOMParser().parseFromString(message.message, 'text/html').body.textContent ?? '') : message.message

/** A message as the list's last-message line. */
export const lastMessageOf = (message: PushedMessage): TopicLastMessage => ({
  _id: message._id,
  message: message.is_deleted ? '' : textOf(message).slice(0, 200),
  type: message.type,
  created_at: message.created_at,
  deleted: message.is_deleted,
})

/**
 * The chat list: the topicList machine with the topic calls, fed live by the socket. A message in
 * the open topic, or one the user sent, leaves the topic seen.
 */
export function useTopicList(openTopicId: string | null, meId: string) {
  const actor = useActorRef(appTopicListMachine)
  const snapshot = useSelector(actor, (s) => s)
  const navigate = useNavigate()

  useEffect(() => {
    const known = (topicId: string) => actor.getSnapshot().context.topics.some((t) => t._id === topicId)
    const offs = [
      onSocketEvent('NEW_MESSAGE', ({ message }) => {
        if (!known(message.topic_id)) {
          void topicInfo(message.topic_id).then(
            (topic: Topic) => actor.send({ type: 'MEMBER_ADDED', topic }),
            () => undefined,
          )
          return
        }
        actor.send({ type: 'NEW_MESSAGE', topicId: message.topic_id, message: lastMessageOf(message) })
        if (message.topic_id === openTopicId || message.sender?._id === meId) actor.send({ type: 'SEEN', topicId: message.topic_id })
      }),
      onSocketEvent('MESSAGE_CHANGED', ({ change, message }) => {
        if (change === 'deleted') actor.send({ type: 'MESSAGE_DELETED', topicId: message.topic_id, messageId: message._id })
      }),
      onSocketEvent('TOPIC_CHANGED', ({ change, topic }) => {
        if (change === 'added' || !known(topic._id)) actor.send({ type: 'MEMBER_ADDED', topic })
        else actor.send({ type: 'RENAMED', topicId: topic._id, name: topic.name })
      }),
      onSocketEvent('OUT_TOPIC', ({ topic_id }) => actor.send({ type: 'REMOVED', topicId: topic_id })),
      // Left or removed from a channel: each of its groups they were in leaves the list.
      onSocketEvent('OUT_CHANNEL', ({ topic_ids }) => topic_ids.forEach((topicId) => actor.send({ type: 'REMOVED', topicId }))),
      onSocketConnect(() => {
        if (actor.getSnapshot().matches('failed')) actor.send({ type: 'RETRY' })
      }),
    ]
    return () => offs.forEach((off) => off())
  }, [actor, openTopicId, meId])

  useEffect(() => {
    if (openTopicId) actor.send({ type: 'SEEN', topicId: openTopicId })
  }, [actor, openTopicId, snapshot.value])

  return useMemo(
    () => ({
      ...connect(snapshot, actor.send),
      activeId: openTopicId,
      onOpen: (topicId: string) => void navigate({ to: '/chat/$topicId', params: { topicId } }),
    }),
    [snapshot, actor, openTopicId, navigate],
  )
}
