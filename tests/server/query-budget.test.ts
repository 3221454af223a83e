import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { startTestServer, statementRecorder, type TestServer } from './harness'
import { channelWith, clientId, type Person, person } from './chat-fixtures'

/**
 * The hot paths run a fixed number of SQL statements whatever the size of the data (no N+1):
 * the topic list, sending a message and a page of history. Each budget is counted on a small and
 * a large case; adding a query per row makes the large case differ.
 */
let server: TestServer
let base: string
const statements = statementRecorder()
beforeAll(async () => {
  server = await startTestServer({ onQuery: statements.onQuery })
  base = server.url
})
afterAll(() => server.stop())

/** The statements one request runs (a call just before keeps the caller's session check cached); `body` is made anew for each run. */
async function statementsOf(who: Person, method: string, url: string, body?: () => unknown): Promise<string[]> {
  const run = async () => {
    const res = await who.api(method, url, body?.())
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
  return statements.statementsOf(run, () => who.api('GET', 'customer/user-info'))
}

const send = (who: Person, topicId: string, message: string) =>
  who.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message })

describe('queries per request', () => {
  it('the saved and scheduled lists: the same statements for 1 item and for a full page of 20', async () => {
    const [few, many] = await Promise.all([person(base, 'Saves little'), person(base, 'Saves much')])
    const { generalId } = await channelWith(few, [many])
    const soon = (i: number) => new Date(Date.now() + 3_600_000 + i * 60_000).toISOString()
    for (let i = 0; i < 20; i++) {
      const sent = await send(few, generalId, `note ${i}`)
      if (i === 0) await few.api('POST', 'saved/add', { message_id: sent.body.result._id })
      await many.api('POST', 'saved/add', { message_id: sent.body.result._id })
      for (const who of i === 0 ? [few, many] : [many])
        await who.api('POST', 'scheduled/create', { client_id: clientId(), topic_id: generalId, message: `later ${i}`, send_at: soon(i) })
    }
    for (const url of ['saved/list?page=1', 'scheduled/list?page=1']) {
      const small = await statementsOf(few, 'GET', url)
      const large = await statementsOf(many, 'GET', url)
      expect((await many.api('GET', url)).body.result).toHaveLength(20)
      expect(large, url).toHaveLength(small.length)
      expect(large.length, url).toBeLessThanOrEqual(url.startsWith('saved') ? 3 : 1)
    }
  })

  it('the topic list: the same statements for 1 topic and for a full page of 20', async () => {
    const [few, many] = await Promise.all([person(base, 'Few'), person(base, 'Many')])
    const friends = await Promise.all(Array.from({ length: 14 }, (_, i) => person(base, `Friend ${i}`)))
    const dm = (await few.api('GET', `topic/chat-friend?customer_id=${friends[0]!.user._id}`)).body.result._id
    await send(few, dm, 'hello')
    // 14 one-to-one chats, a channel's General topic and 5 more groups, each with a last message.
    for (const friend of friends) {
      const topic = (await many.api('GET', `topic/chat-friend?customer_id=${friend.user._id}`)).body.result._id
      await send(friend, topic, `hi from ${friend.user.name}`)
    }
    const { channelId, generalId } = await channelWith(many, friends.slice(0, 3))
    await send(many, generalId, 'welcome')
    for (let i = 0; i < 5; i++) {
      const group = await many.api('POST', 'channel/add-topic', {
        channel_id: channelId,
        name: `Group ${i}`,
        customer_ids: [friends[i % 3]!.user._id],
      })
      expect(group.status, JSON.stringify(group.body)).toBe(200)
      await send(many, group.body.result._id, `group ${i}`)
    }
    await many.api('PUT', 'topic/pin', { topic_id: generalId })

    const small = await statementsOf(few, 'GET', 'topic?page=1')
    const large = await statementsOf(many, 'GET', 'topic?page=1')
    expect((await many.api('GET', 'topic?page=1')).body.result).toHaveLength(20)
    expect(large).toHaveLength(small.length)
    expect(large.length).toBeLessThanOrEqual(1)
  })

  it('sending a message: one statement (check, store, mark unseen) in a group of 2 and in a group of 12', async () => {
    const [owner, other, host] = await Promise.all([person(base, 'Owner'), person(base, 'Other'), person(base, 'Host')])
    const members = await Promise.all(Array.from({ length: 11 }, (_, i) => person(base, `Member ${i}`)))
    const pair = await channelWith(owner, [other], 'Pair')
    const crowd = await channelWith(host, members, 'Crowd')
    await send(owner, pair.generalId, 'first')
    await send(host, crowd.generalId, 'first')

    const inPair = await statementsOf(owner, 'POST', 'message/send', () => ({
      client_id: clientId(),
      topic_id: pair.generalId,
      message: 'to one',
    }))
    const inCrowd = await statementsOf(host, 'POST', 'message/send', () => ({
      client_id: clientId(),
      topic_id: crowd.generalId,
      message: 'to eleven',
    }))
    expect(inPair, inPair.slice(1).join('\n---\n').slice(0, 600)).toHaveLength(1)
    expect(inCrowd).toHaveLength(1)
  })

  it('threads: a thread’s page and the followed threads, the same statements for 1 reply and for 20', async () => {
    const [a, b] = await Promise.all([person(base, 'Thread A'), person(base, 'Thread B')])
    const { generalId } = await channelWith(a, [b], 'Threads')
    const root = (id: string) => ({ topic_id: generalId, thread_root_id: id })
    const [small, large] = [(await send(a, generalId, 'small')).body.result._id, (await send(a, generalId, 'large')).body.result._id]
    await b.api('POST', 'message/send', { client_id: clientId(), message: 'one', ...root(small) })
    for (let i = 0; i < 20; i++) await b.api('POST', 'message/send', { client_id: clientId(), message: `reply ${i}`, ...root(large) })
    const one = await statementsOf(a, 'GET', `thread/messages?root_id=${small}`)
    const twenty = await statementsOf(a, 'GET', `thread/messages?root_id=${large}`)
    expect(twenty).toHaveLength(one.length)
    // The followed threads: one thread, then two (one of them with 20 replies).
    const [c, d] = await Promise.all([person(base, 'Thread C'), person(base, 'Thread D')])
    const other = await channelWith(c, [d], 'Threads 2')
    const first = (await send(c, other.generalId, 'first')).body.result._id
    await d.api('POST', 'message/send', { client_id: clientId(), message: 'r', topic_id: other.generalId, thread_root_id: first })
    const fewer = await statementsOf(c, 'GET', 'thread/list?page=1')
    const more = await statementsOf(a, 'GET', 'thread/list?page=1')
    expect(more).toHaveLength(fewer.length)
  })

  it('a page of history: the same statements for 1 message and for 20 replies', async () => {
    const [a, b] = await Promise.all([person(base, 'A'), person(base, 'B')])
    const [c, d] = await Promise.all([person(base, 'C'), person(base, 'D')])
    const short = (await a.api('GET', `topic/chat-friend?customer_id=${b.user._id}`)).body.result._id
    const long = (await c.api('GET', `topic/chat-friend?customer_id=${d.user._id}`)).body.result._id
    await send(a, short, 'only one')
    const root = (await send(c, long, 'root')).body.result._id
    for (let i = 0; i < 20; i++)
      await d.api('POST', 'message/send', { client_id: clientId(), topic_id: long, message: `reply ${i}`, reply_to: root })

    const one = await statementsOf(b, 'GET', `topic/messages?topic_id=${short}&page=1`)
    const twenty = await statementsOf(d, 'GET', `topic/messages?topic_id=${long}&page=1`)
    expect(twenty).toHaveLength(one.length)
    expect(twenty.length).toBeLessThanOrEqual(3)
  })
})

describe('rows read by the missed-message email', () => {
  // Its own embedded database: the table statistics below count this server's reads only.
  let own: TestServer
  beforeAll(async () => {
    own = await startTestServer({ databaseUrl: undefined, redisUrl: undefined, now: () => Date.now() + 11 * 60_000 })
  })
  afterAll(() => own.stop())

  /** Rows of messages and topic_members one digest run reads (sequential scans and index fetches), from PostgreSQL's table statistics. */
  async function rowsReadByDigest(): Promise<number> {
    const read = async () => {
      await own.ctx.db.execute(sql`select pg_stat_force_next_flush()`)
      const rows = await own.ctx.db.execute<{ n: string }>(
        sql`select coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0) as n from pg_stat_user_tables where relname in ('messages', 'topic_members')`,
      )
      return Number((rows as unknown as { rows: { n: string }[] }).rows[0]!.n)
    }
    const before = await read()
    await own.services.attention.sendDigests()
    return (await read()) - before
  }

  it('does not grow with the unseen messages of a group that alert no one', async () => {
    const [host, ...members] = await Promise.all(Array.from({ length: 6 }, (_, i) => person(own.url, `Reader ${i}`)))
    const { generalId } = await channelWith(host!, members, 'Busy group')
    const post = (message: string, mentions: string[] = []) =>
      host!.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message, mentions })
    await post('hello @Reader 1', [members[0]!.user._id])
    for (let i = 0; i < 3; i++) await post(`plain ${i}`)
    const few = await rowsReadByDigest()
    for (let i = 0; i < 200; i++) await post(`plain more ${i}`)
    const many = await rowsReadByDigest()
    // 200 more messages unseen by 5 members are 1,000 more (message, member) pairs; the digest reads none of them.
    expect(many).toBeLessThanOrEqual(few)
  })
})
