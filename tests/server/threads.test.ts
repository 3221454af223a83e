import type { Socket } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import type { Message, NewMessagePayload, Notification, ThreadChangedPayload, ThreadListItem, ThreadPage } from '../../contract'
import { chatServer, clientId, type Person, person } from './chat-fixtures'
import { nextEvent, silence } from './harness'

/**
 * Threads: a reply in a root message's thread (message/send with thread_root_id) stays out of the
 * chat unless also sent there, counts on the root's summary (on the reply's NEW_MESSAGE to the topic), follows
 * its author, its repliers and the mentioned, and counts as unread for them until they read it.
 * Expected values are written out here, not computed by the server's code.
 */
const chat = chatServer()
const { socket, team } = chat

const say = async (who: Person, topicId: string, text: string, extra: Record<string, unknown> = {}): Promise<Message> => {
  const res = await who.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: text, ...extra })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result
}
const reply = (who: Person, topicId: string, rootId: string, text: string, extra: Record<string, unknown> = {}) =>
  say(who, topicId, text, { thread_root_id: rootId, ...extra })
const history = async (who: Person, topicId: string): Promise<Message[]> =>
  (await who.api('GET', `topic/messages?topic_id=${topicId}`)).body.result
const thread = async (who: Person, rootId: string, before?: number): Promise<ThreadPage> => {
  const res = await who.api('GET', `thread/messages?root_id=${rootId}${before === undefined ? '' : `&before=${before}`}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result
}
const threads = async (who: Person): Promise<ThreadListItem[]> => {
  const res = await who.api('GET', 'thread/list')
  expect(res.status).toBe(200)
  return res.body.result
}
const unreadOf = async (who: Person, rootId: string) => (await threads(who)).find((t) => t.root._id === rootId)?.unread ?? null

describe('replying in a thread', () => {
  it('keeps the reply out of the chat, counts it on the root and tells the topic live', async () => {
    const { people, generalId } = await team('Ann', 'Bao', 'Chi')
    const [ann, bao, chi] = people as [Person, Person, Person]
    const root = await say(bao, generalId, 'Lunch plans?')
    expect(root).toMatchObject({ thread_root_id: null, also_in_chat: false, thread: null })
    const chiSocket = await socket(chi)
    const newMessage = nextEvent<NewMessagePayload>(chiSocket, 'NEW_MESSAGE')
    // One event to the chat: the reply carries the root's new summary, no THREAD_CHANGED follows.
    const noSecond = silence(chiSocket, 'THREAD_CHANGED')
    const topicBefore = (await chi.api('GET', `topic/info?topic_id=${generalId}`)).body.result

    const first = await reply(ann, generalId, root._id, 'Pho at noon')
    expect(first).toMatchObject({ thread_root_id: root._id, also_in_chat: false, message: 'Pho at noon' })
    const pushed = await newMessage
    expect(pushed.message).toMatchObject({ _id: first._id, thread_root_id: root._id, also_in_chat: false })
    expect(pushed.root_thread).toEqual({
      reply_count: 1,
      last_reply_at: first.created_at,
      last_repliers: [{ _id: ann.user._id, name: 'Ann', workid: ann.user.workid, photo_url: ann.user.photo_url }],
    })
    expect(await noSecond).toBe(true)

    // The chat shows the root with its summary, not the reply; its latest message is still the root.
    const shown = await history(chi, generalId)
    expect(shown.map((m) => m._id)).not.toContain(first._id)
    expect(shown.find((m) => m._id === root._id)?.thread).toMatchObject({ reply_count: 1, last_repliers: [{ name: 'Ann' }] })
    const topicAfter = (await chi.api('GET', `topic/info?topic_id=${generalId}`)).body.result
    expect(topicAfter.message?._id ?? null).toBe(topicBefore.message?._id ?? null)
    const list = (await chi.api('GET', 'topic')).body.result as { _id: string; is_seen: boolean; message: { _id: string } | null }[]
    expect(list.find((t) => t._id === generalId)?.message?._id).toBe(root._id)

    // The thread: its root and its replies, newest first.
    await reply(chi, generalId, root._id, 'Banh mi instead')
    await reply(bao, generalId, root._id, 'Both?')
    const page = await thread(ann, root._id)
    expect(page.root._id).toBe(root._id)
    expect(page.replies.map((m) => m.message)).toEqual(['Both?', 'Banh mi instead', 'Pho at noon'])
    expect(page.root.thread).toMatchObject({ reply_count: 3, last_repliers: [{ name: 'Bao' }, { name: 'Chi' }, { name: 'Ann' }] })
    // Paging back from the second reply.
    expect((await thread(ann, root._id, page.replies[1]!.seq)).replies.map((m) => m.message)).toEqual(['Pho at noon'])
  })

  it('names the three latest repliers, each once, newest first', async () => {
    const { people, generalId } = await team('Ann', 'Bao', 'Chi', 'Dung')
    const [ann, bao, chi, dung] = people as [Person, Person, Person, Person]
    const root = await say(ann, generalId, 'Retro notes')
    for (const [who, text] of [
      [bao, '1'],
      [chi, '2'],
      [bao, '3'],
      [dung, '4'],
      [ann, '5'],
    ] as const)
      await reply(who, generalId, root._id, text)
    const { root: after } = await thread(chi, root._id)
    expect(after.thread?.reply_count).toBe(5)
    expect(after.thread?.last_repliers.map((p) => p.name)).toEqual(['Ann', 'Dung', 'Bao'])
  })

  it('also sent to the chat: the reply shows in both and becomes the chat’s latest message', async () => {
    const { people, generalId } = await team('Ann', 'Bao')
    const [ann, bao] = people as [Person, Person]
    const root = await say(ann, generalId, 'Ship Friday?')
    const baoSocket = await socket(bao)
    const heard = nextEvent<NewMessagePayload>(baoSocket, 'NEW_MESSAGE')
    const both = await reply(bao, generalId, root._id, 'Yes, ship it', { also_in_chat: true })
    expect(both).toMatchObject({ thread_root_id: root._id, also_in_chat: true })
    const pushed = await heard
    expect(pushed.message).toMatchObject({ _id: both._id, also_in_chat: true })
    expect(pushed.root_thread).toMatchObject({ reply_count: 1, last_repliers: [{ _id: bao.user._id, name: 'Bao' }] })
    const shown = await history(ann, generalId)
    expect(shown[0]).toMatchObject({ _id: both._id, thread_root_id: root._id, also_in_chat: true })
    expect((await thread(ann, root._id)).replies.map((m) => m._id)).toEqual([both._id])
    const list = (await ann.api('GET', 'topic')).body.result as { _id: string; is_seen: boolean; message: { _id: string } | null }[]
    expect(list.find((t) => t._id === generalId)).toMatchObject({ is_seen: false, message: { _id: both._id } })
  })

  it('a retry with the same client_id answers the same reply and counts it once', async () => {
    const { people, generalId } = await team('Ann', 'Bao')
    const [ann, bao] = people as [Person, Person]
    const root = await say(ann, generalId, 'Question')
    const body = { client_id: clientId(), topic_id: generalId, message: 'Answer', thread_root_id: root._id }
    const [a, b] = await Promise.all([bao.api('POST', 'message/send', body), bao.api('POST', 'message/send', body)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.body.result._id).toBe(b.body.result._id)
    const again = await bao.api('POST', 'message/send', body)
    expect(again.body.result._id).toBe(a.body.result._id)
    const page = await thread(ann, root._id)
    expect(page.replies).toHaveLength(1)
    expect(page.root.thread?.reply_count).toBe(1)
  })
})

describe('following and unread', () => {
  it('follows the root’s author, the repliers and the mentioned; counts others’ replies as unread until read', async () => {
    const { people, generalId } = await team('Ann', 'Bao', 'Chi', 'Dung')
    const [ann, bao, chi, dung] = people as [Person, Person, Person, Person]
    const root = await say(ann, generalId, 'Design review')
    await reply(bao, generalId, root._id, 'Looks good, @Chi?', { mentions: [chi.user._id] })
    expect(await unreadOf(ann, root._id)).toBe(1)
    expect(await unreadOf(bao, root._id)).toBe(0)
    expect(await unreadOf(chi, root._id)).toBe(1)
    expect(await unreadOf(dung, root._id)).toBeNull()
    await reply(bao, generalId, root._id, 'One more thing')
    const annList = await threads(ann)
    expect(annList[0]).toMatchObject({ root: { _id: root._id, thread: { reply_count: 2 } }, topic_name: 'General', unread: 2 })

    // Reading marks it read on every tab.
    const annSocket = await socket(ann)
    const told = nextEvent<ThreadChangedPayload>(annSocket, 'THREAD_CHANGED')
    expect((await ann.api('POST', 'thread/read', { root_id: root._id })).body.result).toEqual({ root_id: root._id, unread: 0 })
    expect((await told).root_id).toBe(root._id)
    expect(await unreadOf(ann, root._id)).toBe(0)
    await reply(chi, generalId, root._id, 'Fine by me')
    expect(await unreadOf(ann, root._id)).toBe(1)
    expect(await unreadOf(bao, root._id)).toBe(1)

    // Dung follows by hand (from now on), then stops; the author stops and a new reply does not follow her again.
    expect((await dung.api('POST', 'thread/follow', { root_id: root._id, follow: true })).body.result).toEqual({
      root_id: root._id,
      following: true,
    })
    expect(await unreadOf(dung, root._id)).toBe(0)
    expect((await thread(dung, root._id)).following).toBe(true)
    await reply(bao, generalId, root._id, 'Last call')
    expect(await unreadOf(dung, root._id)).toBe(1)
    await dung.api('POST', 'thread/follow', { root_id: root._id, follow: false })
    expect(await unreadOf(dung, root._id)).toBeNull()
    expect((await thread(dung, root._id)).following).toBe(false)
    await ann.api('POST', 'thread/follow', { root_id: root._id, follow: false })
    await reply(chi, generalId, root._id, 'Anyone?')
    expect(await unreadOf(ann, root._id)).toBeNull()
    // Replying follows again.
    await reply(ann, generalId, root._id, 'Me')
    expect(await unreadOf(ann, root._id)).toBe(0)
  })

  it('lists the latest thread first', async () => {
    const { people, generalId } = await team('Ann', 'Bao')
    const [ann, bao] = people as [Person, Person]
    const older = await say(ann, generalId, 'Older')
    const newer = await say(ann, generalId, 'Newer')
    await reply(bao, generalId, newer._id, 'on newer')
    await reply(bao, generalId, older._id, 'on older')
    expect((await threads(ann)).map((t) => t.root.message)).toEqual(['Older', 'Newer'])
  })
})

describe('mentions in a thread', () => {
  it('notify as in the chat, and the notification names the thread', async () => {
    const { people, generalId } = await team('Ann', 'Bao', 'Chi')
    const [ann, bao, chi] = people as [Person, Person, Person]
    const root = await say(ann, generalId, 'Budget')
    const chiSocket: Socket = await socket(chi)
    const baoSocket: Socket = await socket(bao)
    const heard = nextEvent<Notification>(chiSocket, 'data')
    const quiet = silence(baoSocket, 'data')
    await reply(ann, generalId, root._id, 'Chi, can you check?', { mentions: [chi.user._id] })
    const n = await heard
    expect(n).toMatchObject({ notifiable_type: 'tag_message', value: { topic_id: generalId, thread_root_id: root._id } })
    expect(await quiet).toBe(true)
  })
})

describe('access and bad input', () => {
  it('refuses strangers, unknown roots, roots of another chat and replies as roots', async () => {
    const { people, generalId } = await team('Ann', 'Bao')
    const [ann, bao] = people as [Person, Person]
    const stranger = await person(chat.server.url, 'Stranger')
    const other = await team('Xuan', 'Yen')
    const root = await say(ann, generalId, 'Root')
    const inThread = await reply(bao, generalId, root._id, 'Reply')
    const elsewhere = await say(other.people[0]!, other.generalId, 'Elsewhere')

    expect((await stranger.api('GET', `thread/messages?root_id=${root._id}`)).status).toBe(403)
    expect((await stranger.api('POST', 'thread/follow', { root_id: root._id, follow: true })).status).toBe(403)
    expect((await stranger.api('POST', 'thread/read', { root_id: root._id })).status).toBe(403)
    const strangerReply = await stranger.api('POST', 'message/send', {
      client_id: clientId(),
      topic_id: generalId,
      message: 'hi',
      thread_root_id: root._id,
    })
    expect(strangerReply.status).toBe(403)
    expect((await ann.api('GET', `thread/messages?root_id=${crypto.randomUUID()}`)).status).toBe(404)
    expect((await ann.api('POST', 'thread/read', { root_id: crypto.randomUUID() })).status).toBe(404)

    for (const rootId of [elsewhere._id, inThread._id, crypto.randomUUID()]) {
      const res = await ann.api('POST', 'message/send', {
        client_id: clientId(),
        topic_id: generalId,
        message: 'x',
        thread_root_id: rootId,
      })
      expect(res.status).toBe(400)
      expect(res.body.errors).toHaveProperty('thread_root_id')
    }
    expect((await ann.api('GET', `thread/messages?root_id=${inThread._id}`)).status).toBe(400)
    const alone = await ann.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message: 'x', also_in_chat: true })
    expect(alone.status).toBe(400)
    expect(alone.body.errors).toHaveProperty('also_in_chat')
    expect((await ann.api('POST', 'thread/follow', { root_id: root._id, follow: 'yes' })).status).toBe(400)
    expect((await ann.api('GET', 'thread/list?page=0')).status).toBe(400)
    // Nothing refused was stored.
    expect((await thread(ann, root._id)).replies.map((m) => m._id)).toEqual([inThread._id])
  })
})
