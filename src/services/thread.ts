import { useEffect, useMemo, useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { Message } from '../../contract/message'
import type { ThreadListItem } from '../../contract/thread'
import { topicAllows, type TopicInfo } from '../../contract/topic'
import { type LoadPageInput, pagedListMachine, type PageOutput, connect as connectList } from '../machines/paged-list'
import {
  connect,
  threadMachine,
  type ThreadFollowInput,
  type ThreadPage,
  type ThreadPageInput,
  type ThreadReplyInput,
} from '../machines/thread'
import { mediaTokenOf } from '../machines/session/session.connect'
import { sendThreadReply } from './api/message'
import { appUploadMachine } from './attachments'
import { followedThreads, followThread, markThreadRead, threadPage } from './api/thread'
import { failingWithMessage } from './failure'
import { useSession } from './session'
import { onSocketConnect, onSocketEvent } from './socket'

/** The thread machine with its calls: thread/messages, message/send with thread_root_id, thread/follow, thread/read, and its attachments' uploads. */
const appThreadMachine = threadMachine.provide({
  actors: {
    loadPage: fromPromise<ThreadPage, ThreadPageInput>(({ input }) => failingWithMessage(threadPage(input.rootId, input.before))),
    sendReply: fromPromise<Message, ThreadReplyInput>(({ input }) => failingWithMessage(sendThreadReply(input))),
    setFollow: fromPromise<boolean, ThreadFollowInput>(({ input }) => failingWithMessage(followThread(input.rootId, input.follow))),
    upload: appUploadMachine,
  },
  actions: {
    markRead: ({ context }) => void markThreadRead(context.rootId).catch(() => null),
  },
})

/**
 * One open thread (the panel beside its chat, or its page on a phone): the thread machine with its
 * calls, fed the socket's NEW_MESSAGE (a reply carries its root's new summary), MESSAGE_CHANGED and its reconnects.
 * Key the caller by thread. Returns the ThreadView's props.
 */
export function useThread(
  topic: Pick<TopicInfo, '_id' | 'customers' | 'is_group' | 'permission' | 'role'>,
  meId: string,
  rootId: string,
  focusSeq: number | null = null,
) {
  const mediaToken = useSession(mediaTokenOf)
  const [clientIdPrefix] = useState(() => crypto.randomUUID())
  const actor = useActorRef(appThreadMachine, {
    input: {
      topicId: topic._id,
      rootId,
      meId,
      members: topic.customers.map(({ _id, name }) => ({ _id, name })),
      canSend: topicAllows(topic, topic.role, 'send_message'),
      mediaToken,
      clientIdPrefix,
      focusSeq,
    },
  })
  useEffect(() => {
    const offs = [
      onSocketEvent('NEW_MESSAGE', (payload) => actor.send({ type: 'SOCKET_NEW_MESSAGE', ...payload })),
      onSocketEvent('MESSAGE_CHANGED', (payload) => actor.send({ type: 'SOCKET_MESSAGE_CHANGED', ...payload })),
      onSocketConnect(() => actor.send({ type: 'CONNECTED' })),
    ]
    return () => offs.forEach((off) => off())
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}

/** A followed thread as the paged list holds it (by its root's id). */
type ThreadListRow = ThreadListItem & { _id: string }

const appThreadListMachine = pagedListMachine.provide({
  actors: {
    loadPage: fromPromise<PageOutput, LoadPageInput>(async ({ input }) =>
      (await followedThreads(input.page)).map((item): ThreadListRow => ({ ...item, _id: item.root._id })),
    ),
  },
})

/**
 * The Threads view: the threads the user follows (thread/list, 20 a page), read again behind the
 * list whenever one of them changes (a reply: NEW_MESSAGE with thread_root_id; the user read,
 * followed or unfollowed one on any tab: THREAD_CHANGED) and when the socket reconnects. Returns
 * the ThreadList's props.
 */
export function useThreadList() {
  const actor = useActorRef(appThreadListMachine, { input: { query: {} } })
  useEffect(() => {
    const offs = [
      onSocketEvent('NEW_MESSAGE', ({ message }) => {
        if (message.thread_root_id !== null) actor.send({ type: 'REFRESH' })
      }),
      onSocketEvent('THREAD_CHANGED', () => actor.send({ type: 'REFRESH' })),
      onSocketConnect(() => actor.send({ type: 'REFRESH' })),
    ]
    return () => offs.forEach((off) => off())
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => {
    const props = connectList(snapshot, actor.send)
    return { ...props, items: props.items as ThreadListRow[] }
  }, [snapshot, actor])
}
