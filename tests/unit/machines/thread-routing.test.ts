import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { type Message, withoutLinks } from '../../../contract/message'
import { conversationMachine, conversationSampleInput } from '../../../src/machines/conversation'
import { mentionedIn } from '../../../src/machines/thread'
import { textMessage } from '../../model/support/messages'

const TOPIC = conversationSampleInput.topic._id
const root = textMessage({ _id: 'root', topic_id: TOPIC, seq: 1, message: 'Root', sender: null, created_at: '2026-03-01T08:00:00.000Z' })
const reply = (seq: number, alsoInChat: boolean): Message => ({
  ...textMessage({ _id: `r-${seq}`, topic_id: TOPIC, seq, message: `Reply ${seq}`, sender: null, created_at: '2026-03-01T08:01:00.000Z' }),
  thread_root_id: 'root',
  also_in_chat: alsoInChat,
})

async function openChat() {
  const actor = createActor(
    conversationMachine.provide({ actors: { loadLatest: fromPromise<Message[], { topicId: string }>(async () => [root]) } }),
    { input: conversationSampleInput },
  ).start()
  await waitFor(actor, (s) => s.matches({ history: 'ready' }))
  return actor
}
const ids = (actor: Awaited<ReturnType<typeof openChat>>) => actor.getSnapshot().context.messages.map((m) => m._id)

describe('the conversation and thread replies', () => {
  it('leaves a reply only in its thread to the thread, shows one also sent to the chat, and takes the root’s new summary a reply carries', async () => {
    const chat = await openChat()
    const summary = (count: number) => ({ reply_count: count, last_reply_at: `2026-03-01T08:0${count}:00.000Z`, last_repliers: [] })
    const rootThread = () => chat.getSnapshot().context.messages[0]!.thread
    chat.send({ type: 'SOCKET_NEW_MESSAGE', message: withoutLinks(reply(2, false)), root_thread: summary(1) })
    expect(ids(chat)).toEqual(['root'])
    expect(rootThread()).toEqual(summary(1))
    chat.send({ type: 'RECEIVED', message: reply(3, false) })
    expect(ids(chat)).toEqual(['root'])
    chat.send({ type: 'SOCKET_NEW_MESSAGE', message: withoutLinks(reply(4, true)), root_thread: summary(3) })
    expect(ids(chat)).toEqual(['root', 'r-4'])
    expect(rootThread()).toEqual(summary(3))
    // The first reply's push again (late): the summary counting more replies stays.
    chat.send({ type: 'SOCKET_NEW_MESSAGE', message: withoutLinks(reply(2, false)), root_thread: summary(1) })
    expect(rootThread()).toEqual(summary(3))
    // A reply to a root of another chat changes nothing here.
    const elsewhere = { ...reply(5, false), _id: 'r-elsewhere', topic_id: 'elsewhere', thread_root_id: 'other' }
    chat.send({ type: 'SOCKET_NEW_MESSAGE', message: withoutLinks(elsewhere), root_thread: summary(7) })
    expect(ids(chat)).toEqual(['root', 'r-4'])
    expect(rootThread()).toEqual(summary(3))
    chat.stop()
  })
})

describe('mentionedIn', () => {
  const members = [
    { _id: 'me', name: 'Ann' },
    { _id: 'b', name: 'Bao' },
    { _id: 'c', name: 'Chi Mai' },
    { _id: 'd', name: 'Đức' },
  ]
  it('names the members written as @Name, whole names in any case, never the writer', () => {
    expect(mentionedIn('Thanks @bao and @Chi Mai!', members, 'me')).toEqual(['b', 'c'])
    expect(mentionedIn('@Đức, @Ann', members, 'me')).toEqual(['d'])
    expect(mentionedIn('email bao@Bao.com, @Baobab, Bao', members, 'me')).toEqual([])
  })
})
