import { useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { Draft } from '../../contract/draft'
import type { TopicInfo } from '../../contract/topic'
import { topicAllows } from '../../contract/topic'
import { type ComposedMessage, composerMachine, connect } from '../machines/composer'
import { appUploadMachine } from './attachments'
import { getDraft, saveDraft } from './api/draft'
import { currentSocket, onSocketConnect, onSocketEvent } from './socket'

const draftKey = (topicId: string) => `workroom.draft.${topicId}`

/**
 * The latest save of each chat's draft from this tab: a chat opened again loads its draft only
 * after the save made as it closed (flushDraft) has landed, so it never reads the older one.
 */
const saving = new Map<string, Promise<unknown>>()
const saveInOrder = (topicId: string, text: string) => {
  const done = saveDraft(topicId, text)
  const settled = done.catch(() => undefined)
  saving.set(topicId, settled)
  void settled.then(() => saving.get(topicId) === settled && saving.delete(topicId))
  return done
}

const appComposerMachine = composerMachine.provide({
  actors: {
    upload: appUploadMachine,
    loadDraft: fromPromise<Draft, { topicId: string }>(async ({ input }) => {
      await saving.get(input.topicId)
      return getDraft(input.topicId)
    }),
    saveDraft: fromPromise<Draft, { topicId: string; text: string }>(({ input }) => saveInOrder(input.topicId, input.text)),
  },
  actions: {
    persistDraft: (_, { topicId, draft }) => {
      if (draft) localStorage.setItem(draftKey(topicId), draft)
      else localStorage.removeItem(draftKey(topicId))
    },
    announceTyping: (_, { topicId }) => currentSocket()?.emit('TYPING', { topic_id: topicId }),
    flushDraft: (_, { topicId, text }) => void saveInOrder(topicId, text).catch(() => undefined),
  },
})

export interface ComposerOutlets {
  /** A new message to queue. */
  send: (message: ComposedMessage) => void
  /** A new text for one of the user's messages. */
  edit: (messageId: string, text: string) => void
}

/**
 * The message box of an open chat: the composer machine with its uploads, the draft kept in
 * localStorage per topic and on the server (draft/*) for the user's other tabs and devices, typing
 * told to the others over the socket. What it sends and edits goes
 * to `outlets`.
 */
export function useComposer(
  topic: Pick<TopicInfo, '_id' | 'customers' | 'is_group' | 'permission' | 'role'>,
  meId: string,
  outlets: ComposerOutlets,
) {
  const actor = useActorRef(appComposerMachine, {
    input: {
      topicId: topic._id,
      meId,
      members: topic.customers,
      canSend: topicAllows(topic, topic.role, 'send_message'),
      draft: localStorage.getItem(draftKey(topic._id)) ?? '',
    },
  })
  const latest = useRef(outlets)
  latest.current = outlets
  // Another tab or device saved this chat's draft: the machine decides whether the box takes it.
  useEffect(() => {
    const subscriptions = [
      onSocketEvent('DRAFT_CHANGED', (draft) => {
        if (draft.topic_id === topic._id) actor.send({ type: 'REMOTE_DRAFT', text: draft.text })
      }),
      // Back online: the machine reads the draft again (changes made elsewhere meanwhile were not pushed here).
      onSocketConnect(() => actor.send({ type: 'CONNECTED' })),
    ]
    return () => subscriptions.forEach((stop) => stop())
  }, [actor, topic._id])
  // Closing the chat: a draft not saved yet goes now (a layout effect's cleanup runs before the actor stops).
  useLayoutEffect(() => () => actor.send({ type: 'LEAVE' }), [actor])
  useEffect(() => {
    const subscriptions = [
      actor.on('send', ({ message }) => latest.current.send(message)),
      actor.on('edit', ({ messageId, text }) => latest.current.edit(messageId, text)),
    ]
    return () => subscriptions.forEach((s) => s.unsubscribe())
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
