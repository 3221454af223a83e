import { useEffect, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { fromPromise } from 'xstate'
import type { Message } from '../../../contract/message'
import { type TopicInfo, topicAllows } from '../../../contract/topic'
import { conversationMachine, conversationView } from '../../machines/conversation'
import { outboxView, undelivered } from '../../machines/outbox'
import { deleteMessage, editMessage, forwardMessage, listTopics, messagesOf, pinMessage, pinnedOf } from '../../services/chat'
import { outboxFor } from '../../services/outbox'
import { currentSocket, onSocketConnect, onSocketEvent } from '../../services/socket'
import { Composer } from './composer'
import { ConversationHistory, RejectedNotices } from './conversation-history'
import { useAttachments } from './use-attachments'

const appConversationMachine = conversationMachine.provide({
  actors: {
    loadLatest: fromPromise<Message[], { topicId: string }>(({ input }) => messagesOf(input.topicId)),
    loadBefore: fromPromise<Message[], { topicId: string; before: number }>(({ input }) => messagesOf(input.topicId, { before: input.before })),
    loadAfter: fromPromise<Message[], { topicId: string; after: number }>(({ input }) => messagesOf(input.topicId, { after: input.after })),
  },
})

const TYPING_THROTTLE_MS = 2_000
const draftKey = (topicId: string) => `workroom.draft.${topicId}`

/** The open chat: history and live messages (conversation machine), sending through the outbox. */
export function Conversation({ topic, meId }: { topic: TopicInfo; meId: string }) {
  const { t } = useLingui()
  const actor = useActorRef(appConversationMachine, { input: { topicId: topic._id, lastSeenSeq: topic.last_seen_seq } })
  const view = useSelector(actor, (s) => conversationView(s, meId))
  const outbox = outboxFor(meId)
  const queued = useSelector(outbox, (s) => outboxView(s, topic._id))
  const attachments = useAttachments(topic._id)
  const [draft, setDraftState] = useState(() => localStorage.getItem(draftKey(topic._id)) ?? '')
  const [replyTo, setReplyTo] = useState<Message | null>(null)
  const [editing, setEditing] = useState<Message | null>(null)
  const [pinned, setPinned] = useState<Message[] | null>(null)
  const [forwarding, setForwarding] = useState<Message | null>(null)
  const lastTyping = useRef(0)

  const setDraft = (text: string) => {
    setDraftState(text)
    if (text) localStorage.setItem(draftKey(topic._id), text)
    else localStorage.removeItem(draftKey(topic._id))
  }

  useEffect(() => {
    const catchUp = () => actor.send({ type: 'CATCH_UP' })
    const offs = [
      onSocketEvent('NEW_MESSAGE', ({ message }) => {
        if (message.topic_id !== topic._id) return
        // Attachment links are signed for each reader: fetch this reader's copy.
        if (message.media.length && message.sender?._id !== meId) catchUp()
        else actor.send({ type: 'RECEIVED', message })
      }),
      onSocketEvent('MESSAGE_CHANGED', ({ message }) => actor.send({ type: 'CHANGED', message })),
      onSocketEvent('TYPING', ({ topic_id, user }) => {
        if (topic_id === topic._id) actor.send({ type: 'TYPING', typist: user })
      }),
      // One reconnection, one catch-up: the socket's (re)connect is when live messages flow again, so
      // a catch-up then leaves no gap. The browser's `online` is not a second trigger: the socket
      // reconnects on it (socketConnection), and a catch-up before that could miss what comes between.
      onSocketConnect(catchUp),
    ]
    const sent = outbox.on('sent', ({ message }) => actor.send({ type: 'RECEIVED', message }))
    return () => {
      offs.forEach((off) => off())
      sent.unsubscribe()
    }
  }, [actor, outbox, topic._id, meId])

  const canSend = topicAllows(topic, topic.role, 'send_message')
  const may = { role: topic.role, pin: topicAllows(topic, topic.role, 'pin_message') }

  const submit = async (text: string, mentions: string[]) => {
    if (editing) {
      await editMessage(editing._id, text).then((message) => actor.send({ type: 'CHANGED', message }))
      setEditing(null)
      setDraft('')
      return
    }
    outbox.send({
      type: 'ENQUEUE',
      entry: { client_id: crypto.randomUUID(), topic_id: topic._id, message: text, reply_to: replyTo?._id, media_ids: attachments.ready, mentions, created_at: new Date().toISOString() },
    })
    attachments.clear()
    setReplyTo(null)
    setDraft('')
  }

  const onTyping = () => {
    const now = Date.now()
    if (now - lastTyping.current < TYPING_THROTTLE_MS) return
    lastTyping.current = now
    currentSocket()?.emit('TYPING', { topic_id: topic._id })
  }

  const title = topic.name || t`New Message`
  return (
    <div className="flex h-full min-h-0 flex-col bg-white">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 px-3">
        <Link to="/chat/default" className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 md:hidden">
          <Trans>Back</Trans>
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">{title}</h1>
        <span className="hidden text-xs text-slate-500 sm:inline">
          <Trans>{topic.members_count} members</Trans>
        </span>
        <Link to="/chat/info/$topicId" params={{ topicId: topic._id }} className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100">
          <Trans>Chat info</Trans>
        </Link>
        <button type="button" onClick={() => (pinned ? setPinned(null) : void pinnedOf(topic._id).then(setPinned))} aria-expanded={pinned !== null} className="rounded px-2 py-1 text-sm text-slate-600 hover:bg-slate-100">
          <Trans>Pinned messages</Trans>
        </button>
      </header>
      {pinned ? (
        <section aria-label={t`Pinned messages`} className="max-h-48 shrink-0 overflow-y-auto border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm">
          {pinned.length === 0 ? (
            <p className="text-slate-600">
              <Trans>No pinned messages</Trans>
            </p>
          ) : (
            <ul className="space-y-1">
              {pinned.map((m) => (
                <li key={m._id}>
                  <span className="font-semibold">{m.sender?.name}</span>: {m.message}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <ConversationHistory
        view={view}
        pending={undelivered(queued.pending, view.messages)}
        meId={meId}
        may={may}
        onRetry={() => actor.send({ type: 'RETRY' })}
        onLoadOlder={() => actor.send({ type: 'LOAD_OLDER' })}
        actions={{
          onReply: (m) => {
            setEditing(null)
            setReplyTo(m)
          },
          onEdit: (m) => {
            setReplyTo(null)
            setEditing(m)
            setDraft(m.message)
          },
          onDelete: (m) => {
            if (window.confirm(t`Delete this message for everyone?`)) void deleteMessage(m._id).then((message) => actor.send({ type: 'CHANGED', message }))
          },
          onPin: (m) => void pinMessage(m._id, !m.is_pin).then((message) => actor.send({ type: 'CHANGED', message })),
          onForward: setForwarding,
        }}
      />
      <RejectedNotices rejected={queued.rejected} onDismiss={(clientId) => outbox.send({ type: 'DISMISS', clientId })} />
      {forwarding ? <ForwardPicker message={forwarding} currentTopicId={topic._id} onDone={() => setForwarding(null)} /> : null}
      <Composer
        draft={draft}
        onDraft={setDraft}
        members={topic.customers}
        meId={meId}
        replyTo={replyTo}
        editing={editing}
        attachments={attachments.list}
        canSend={canSend}
        uploading={attachments.busy}
        onCancelReplyOrEdit={() => {
          if (editing) setDraft('')
          setReplyTo(null)
          setEditing(null)
        }}
        onFiles={attachments.add}
        onCancelAttachment={attachments.cancel}
        onSubmit={(text, mentions) => void submit(text, mentions)}
        onTyping={onTyping}
      />
    </div>
  )
}

/** Forward a message to one of the user's other chats. */
function ForwardPicker({ message, currentTopicId, onDone }: { message: Message; currentTopicId: string; onDone: () => void }) {
  const { t } = useLingui()
  const [targets, setTargets] = useState<{ _id: string; name: string }[] | null>(null)
  useEffect(() => {
    void listTopics(1).then((list) => setTargets(list.filter((x) => x._id !== currentTopicId).map((x) => ({ _id: x._id, name: x.name || t`New Message` }))))
  }, [currentTopicId, t])
  return (
    <section aria-label={t`Forward to`} className="mx-3 mb-2 rounded-md border border-slate-200 bg-white p-2 shadow">
      <div className="mb-1 flex items-center justify-between text-xs font-semibold text-slate-700">
        <Trans>Forward to</Trans>
        <button type="button" onClick={onDone} className="text-slate-500 hover:underline">
          <Trans>Cancel</Trans>
        </button>
      </div>
      {targets === null ? (
        <p role="status" className="text-xs text-slate-500">
          <Trans>Loading chats…</Trans>
        </p>
      ) : (
        <ul className="max-h-40 overflow-y-auto">
          {targets.map((target) => (
            <li key={target._id}>
              <button type="button" onClick={() => void forwardMessage(message._id, [target._id]).then(onDone)} className="w-full rounded px-2 py-1 text-left text-sm hover:bg-indigo-50">
                {target.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
