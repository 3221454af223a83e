import { describe, expect, it } from 'vitest'
import type { Message, NewMessagePayload, ThreadChangedPayload, ThreadListItem } from '../../contract'
import { channelWith, clientId, clockedNodes, type Person, person, socketOf } from './chat-fixtures'
import { call, DATABASE_URL, nextEvent, REDIS_URL, type TestServer } from './harness'

/**
 * Threads on two nodes sharing one PostgreSQL and one Redis: a reply sent through node 1 reaches a
 * follower's socket on node 2 live (NEW_MESSAGE with its root and the root's new summary), and the
 * follower's unread count read through node 2 counts it; replies racing through both nodes are each
 * counted once on the root, under its row lock.
 */
describe.runIf(DATABASE_URL && REDIS_URL)('threads on two nodes (PostgreSQL + Redis)', () => {
  const nodes = clockedNodes(Date.parse('2031-07-01T08:00:00Z'))
  const on = async (node: TestServer, who: Person) => nodes.keep(await socketOf(node.url, who))
  /** The same person's calls through the other node. */
  const through = (node: TestServer, who: Person) => (method: string, url: string, body?: unknown) =>
    call(node.url, method, `/api/${url}`, { token: who.access_token, body })
  const send = async (who: Person, topicId: string, text: string, extra: Record<string, unknown> = {}): Promise<Message> => {
    const res = await who.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: text, ...extra })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.result
  }

  it('a reply on node 1 reaches the root’s author on node 2 live, with the summary and the unread count', async () => {
    const [ann, bao] = await Promise.all([person(nodes.one.url, 'Ann'), person(nodes.one.url, 'Bao')])
    const { generalId } = await channelWith(ann, [bao])
    const root = await send(ann, generalId, 'Release notes?')
    const annOnTwo = await on(nodes.two, ann)
    const live = nextEvent<NewMessagePayload>(annOnTwo, 'NEW_MESSAGE')
    const sent = await send(bao, generalId, 'Drafting them now', { thread_root_id: root._id })
    const pushed = await live
    expect(pushed.message).toMatchObject({ _id: sent._id, thread_root_id: root._id, also_in_chat: false })
    expect(pushed.root_thread).toMatchObject({
      reply_count: 1,
      last_reply_at: sent.created_at,
      last_repliers: [{ _id: bao.user._id, name: 'Bao' }],
    })
    const list = await through(nodes.two, ann)('GET', 'thread/list')
    expect((list.body.result as ThreadListItem[]).map((t) => [t.root._id, t.unread])).toEqual([[root._id, 1]])
    // Read on node 2: Ann's socket on node 1 hears it.
    const annOnOne = await on(nodes.one, ann)
    const read = nextEvent<ThreadChangedPayload>(annOnOne, 'THREAD_CHANGED')
    expect((await through(nodes.two, ann)('POST', 'thread/read', { root_id: root._id })).status).toBe(200)
    expect((await read).root_id).toBe(root._id)
    expect(((await ann.api('GET', 'thread/list')).body.result as ThreadListItem[])[0]?.unread).toBe(0)
  })

  it('replies racing through both nodes are each counted once', async () => {
    const people = await Promise.all(['Ann', 'Bao', 'Chi', 'Dung'].map((n) => person(nodes.one.url, n)))
    const [ann, ...others] = people as [Person, ...Person[]]
    const { generalId } = await channelWith(ann, others)
    const root = await send(ann, generalId, 'Vote here')
    const replies = people.flatMap((who, i) =>
      [0, 1].map((n) =>
        (n % 2 === 0 ? who.api : through(nodes.two, who))('POST', 'message/send', {
          client_id: clientId(),
          topic_id: generalId,
          message: `${i}-${n}`,
          thread_root_id: root._id,
        }),
      ),
    )
    expect((await Promise.all(replies)).map((r) => r.status)).toEqual(Array(8).fill(200))
    const page = (await through(nodes.two, ann)('GET', `thread/messages?root_id=${root._id}`)).body.result
    expect(page.replies).toHaveLength(8)
    expect(page.root.thread.reply_count).toBe(8)
    expect(new Set(page.root.thread.last_repliers.map((p: { _id: string }) => p._id)).size).toBe(3)
    // The newest reply's sender is named first.
    expect(page.root.thread.last_repliers[0]._id).toBe(page.replies[0].sender._id)
  })
})
