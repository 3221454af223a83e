import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userBlocks } from '../../server/db/schema'
import { matchRanges, snippetOf } from '../../server/modules/search/snippet'
import { channelWith, clientId, person, type Person } from './chat-fixtures'
import { startTestServer, type TestServer } from './harness'
import { onGrowthPlan } from './verified-fixtures'

let server: TestServer
let base: string
let queries: string[] = []

beforeAll(async () => {
  server = await startTestServer({ onQuery: (statement) => queries.push(statement) })
  base = server.url
})
afterAll(async () => {
  await server?.stop()
})

/** A word no other test's names hold, so each test sees only its own people. */
const token = () => Array.from(randomBytes(8), (b) => 'bcfghjkmpqrtvwxz'[b % 16]).join('')

const search = async (who: Person, keyword: string, page = 1) => {
  const res = await who.api('GET', `super-search?keyword=${encodeURIComponent(keyword)}&page=${page}`)
  expect(res.status).toBe(200)
  return res.body.result as {
    customer: { _id: string; name: string }[]
    topic: { _id: string; name: string }[]
    channel: { _id: string; name: string; is_member: boolean }[]
  }
}
const names = (list: { name: string }[]) => list.map((x) => x.name)

const searchMessages = async (who: Person, query: string) => {
  const res = await who.api('GET', `message/search?${query}`)
  return res
}

const send = async (who: Person, topicId: string, message: string, type: 'text' | 'html' = 'text') => {
  const res = await who.api('POST', 'message/send', {
    client_id: clientId(),
    topic_id: topicId,
    message,
    type,
  })
  expect(res.status).toBe(200)
  return res.body.result as { _id: string; seq: number }
}

describe('GET super-search: people', () => {
  it('ignores accents and case: "nguyen" finds "Nguyễn", "dang" finds "Đặng", and an accented or capital keyword finds the plain name', async () => {
    const t = token()
    const me = await person(base, `Searcher ${t}`)
    await person(base, `Nguyễn Văn ${t}`)
    await person(base, `Đặng Thị ${t}`)
    await person(base, `Dang Plain ${t}`)

    expect(names((await search(me, `nguyen van ${t}`)).customer)).toEqual([`Nguyễn Văn ${t}`])
    expect(names((await search(me, `NGUYEN VĂN ${t.toUpperCase()}`)).customer)).toEqual([`Nguyễn Văn ${t}`])
    expect(names((await search(me, `dang thi ${t}`)).customer)).toEqual([`Đặng Thị ${t}`])
    // Both fold to "dang ...": each found by the other's spelling, the plain and the accented.
    expect(names((await search(me, `ĐẶNG PLAIN ${t}`)).customer)).toEqual([`Dang Plain ${t}`])
    const both = names((await search(me, t)).customer)
    expect(both).toEqual(expect.arrayContaining([`Đặng Thị ${t}`, `Dang Plain ${t}`, `Nguyễn Văn ${t}`]))
  })

  it('ranks an exact workid first, then names starting with the keyword, then names containing it (by name)', async () => {
    const t = token()
    const me = await person(base, `Ranker ${t}`)
    const exact = await person(base, `zz ${t}`)
    const keyword: string = exact.user.workid // "zz-<t>-NNNN": its name does not contain it
    await person(base, `Bà ${keyword}`)
    await person(base, `${keyword.toUpperCase()} Prefix`)
    await person(base, `Anh ${keyword}`)

    const found = (await search(me, keyword)).customer
    expect(names(found)).toEqual([`zz ${t}`, `${keyword.toUpperCase()} Prefix`, `Anh ${keyword}`, `Bà ${keyword}`])
    expect(found[0]!._id).toBe(exact.user._id)
  })

  it('never answers the searching user nor someone who blocked them; a block hides only the blocker from the blocked', async () => {
    const t = token()
    const me = await person(base, `Self ${t}`)
    const other = await person(base, `Other ${t}`)
    const blocker = await person(base, `Blocker ${t}`)
    const blockedByMe = await person(base, `Blocked ${t}`)
    await server.ctx.db.insert(userBlocks).values([
      { blockerId: blocker.user._id, blockedId: me.user._id },
      { blockerId: me.user._id, blockedId: blockedByMe.user._id },
    ])

    expect(names((await search(me, t)).customer).sort()).toEqual([`Blocked ${t}`, `Other ${t}`])
    expect(names((await search(other, t)).customer).sort()).toEqual([`Blocked ${t}`, `Blocker ${t}`, `Self ${t}`])
    // Not even by the exact workid.
    expect((await search(me, blocker.user.workid)).customer).toEqual([])
  })

  it('pages by 20: page 2 holds the rest, page 3 is empty, no one twice', async () => {
    const t = token()
    const me = await person(base, `Pager ${t}`)
    const made = await Promise.all(Array.from({ length: 23 }, (_, i) => person(base, `Member ${String(i).padStart(2, '0')} ${t}`)))
    const first = await search(me, t, 1)
    const second = await search(me, t, 2)
    const third = await search(me, t, 3)
    expect(first.customer).toHaveLength(20)
    expect(second.customer).toHaveLength(3)
    expect(third.customer).toEqual([])
    const ids = [...first.customer, ...second.customer].map((c) => c._id)
    expect(new Set(ids)).toEqual(new Set(made.map((m) => m.user._id)))
    // All contain the keyword (same rank), so the order is by name.
    expect(names(first.customer)).toEqual(Array.from({ length: 20 }, (_, i) => `Member ${String(i).padStart(2, '0')} ${t}`))
  })

  it('answers 400 with a field message for a missing or too long keyword, 401 without a token', async () => {
    const me = await person(base, 'Bad Input')
    const missing = await me.api('GET', 'super-search?page=1')
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toHaveProperty('keyword')
    const blank = await me.api('GET', 'super-search?keyword=%20%20')
    expect(blank.status).toBe(400)
    expect((await me.api('GET', `super-search?keyword=${'a'.repeat(101)}`)).status).toBe(400)
    expect((await fetch(`${base}/api/super-search?keyword=a`)).status).toBe(401)
    // LIKE wildcards are literal characters.
    expect((await search(me, '%')).customer.every((c) => c.name.includes('%'))).toBe(true)
    expect((await search(me, '_')).customer.every((c) => c.name.includes('_'))).toBe(true)
  })
})

describe('GET super-search: topics and channels', () => {
  it('finds group topics the user is in and public or joined channels; never another team’s topics or a private channel of others', async () => {
    const t = token()
    const owner = await person(base, `Owner ${t}`)
    const me = await person(base, `Me ${t}`)
    await onGrowthPlan(server, owner.user._id) // two channels
    const { channelId } = await channelWith(owner, [me], `Đội Public ${t}`)
    const mine = await owner.api('POST', 'channel/add-topic', {
      channel_id: channelId,
      name: `Phòng ${t} Họp`,
      customer_ids: [me.user._id],
    })
    expect(mine.status).toBe(200)
    const notMine = await owner.api('POST', 'channel/add-topic', {
      channel_id: channelId,
      name: `Phòng ${t} Riêng`,
      customer_ids: [],
    })
    expect(notMine.status).toBe(200)
    const privateOfOthers = await owner.api('POST', 'channel/create', {
      name: `Kín ${t}`,
      description: '',
      is_public: false,
      password: 'secret-123',
    })
    expect(privateOfOthers.status).toBe(200)
    const privateMine = await me.api('POST', 'channel/create', {
      name: `Kín ${t} Của Tôi`,
      description: '',
      is_public: false,
      password: 'secret-123',
    })
    expect(privateMine.status).toBe(200)

    const found = await search(me, `phong ${t}`)
    expect(names(found.topic)).toEqual([`Phòng ${t} Họp`])
    const owners = await search(owner, `phong ${t}`)
    expect(names(owners.topic)).toEqual([`Phòng ${t} Họp`, `Phòng ${t} Riêng`])

    const channels = await search(me, `kin ${t}`)
    expect(channels.channel.map((c) => [c.name, c.is_member])).toEqual([[`Kín ${t} Của Tôi`, true]])
    const publicOne = await search(await person(base, 'Outsider'), `doi public ${t}`)
    expect(publicOne.channel.map((c) => [c.name, c.is_member])).toEqual([[`Đội Public ${t}`, false]])
    // Ranked: a name starting with the keyword before one containing it.
    const ranked = await search(owner, t)
    expect(names(ranked.channel)).toEqual([`Đội Public ${t}`, `Kín ${t}`])
  })
})

describe('GET message/search', () => {
  it('finds messages of the user’s topics only, accent-insensitive, newest first, with the matched parts', async () => {
    const t = token()
    const owner = await person(base, `Host ${t}`)
    const me = await person(base, `Reader ${t}`)
    const { channelId, generalId } = await channelWith(owner, [me], `Msg ${t}`)
    const secret = await owner.api('POST', 'channel/add-topic', {
      channel_id: channelId,
      name: `Secret ${t}`,
      customer_ids: [],
    })
    const secretId: string = secret.body.result._id
    const older = await send(owner, generalId, `Hẹn gặp ở Đà Nẵng ${t} nhé`)
    const newer = await send(me, generalId, `<p>đà nẵng ${t} &amp; <strong>Huế</strong></p>`, 'html')
    await send(owner, secretId, `Đà Nẵng ${t} secret plan`)
    await send(owner, generalId, `<a href="https://da-nang.example/${t}">link</a>`, 'html')

    const res = await searchMessages(me, `keyword=${encodeURIComponent(`da nang ${t}`)}`)
    expect(res.status).toBe(200)
    const found = res.body.result as {
      _id: string
      seq: number
      text: string
      topic_id: string
      highlights: { start: number; length: number }[]
    }[]
    expect(found.map((m) => m._id)).toEqual([newer._id, older._id])
    expect(found[0]!.text).toBe(`đà nẵng ${t} & Huế`)
    expect(found[0]!.highlights).toEqual([{ start: 0, length: `đà nẵng ${t}`.length }])
    expect(found[1]!.text).toBe(`Hẹn gặp ở Đà Nẵng ${t} nhé`)
    expect(found[1]!.highlights).toEqual([{ start: 'Hẹn gặp ở '.length, length: `Đà Nẵng ${t}`.length }])
    expect(found[1]!.seq).toBe(older.seq)
    expect(found.every((m) => m.topic_id === generalId)).toBe(true)

    // The owner is in both topics; topic_id narrows to one.
    expect((await searchMessages(owner, `keyword=${t}`)).body.result).toHaveLength(3)
    expect(
      (await searchMessages(owner, `keyword=${t}&topic_id=${secretId}`)).body.result.map((m: { topic_id: string }) => m.topic_id),
    ).toEqual([secretId])
    // A topic the user is not in: 403, not its messages; an unknown one: 404.
    expect((await searchMessages(me, `keyword=${t}&topic_id=${secretId}`)).status).toBe(403)
    expect((await searchMessages(me, `keyword=${t}&topic_id=nope`)).status).toBe(404)
    // Deleted messages are not found.
    expect((await me.api('DELETE', 'message/delete', { message_id: newer._id })).status).toBe(200)
    expect((await searchMessages(me, `keyword=${t}`)).body.result.map((m: { _id: string }) => m._id)).toEqual([older._id])
  })

  it('a reply shown only in its thread names its root (it opens there); one also sent to the chat, and the chat’s own messages, name none', async () => {
    const t = token()
    const owner = await person(base, `Threads ${t}`)
    const { generalId } = await channelWith(owner, [], `Threads ${t}`)
    const root = await send(owner, generalId, `root ${t}`)
    const reply = (message: string, alsoInChat: boolean) =>
      owner.api('POST', 'message/send', {
        client_id: clientId(),
        topic_id: generalId,
        message,
        thread_root_id: root._id,
        also_in_chat: alsoInChat,
      })
    const only = await reply(`only in the thread ${t}`, false)
    const both = await reply(`also in the chat ${t}`, true)
    expect([only.status, both.status]).toEqual([200, 200])
    const found = (await searchMessages(owner, `keyword=${t}`)).body.result as { _id: string; thread_root_id: string | null }[]
    expect(found.map((m) => [m._id, m.thread_root_id])).toEqual([
      [both.body.result._id, null],
      [only.body.result._id, root._id],
      [root._id, null],
    ])
  })

  it('pages by 20', async () => {
    const t = token()
    const owner = await person(base, `Pages ${t}`)
    const { generalId } = await channelWith(owner, [], `Pages ${t}`)
    for (let i = 0; i < 21; i++) await send(owner, generalId, `note ${i} ${t}`)
    const first = await searchMessages(owner, `keyword=${t}&page=1`)
    const second = await searchMessages(owner, `keyword=${t}&page=2`)
    expect(first.body.result).toHaveLength(20)
    expect(second.body.result.map((m: { text: string }) => m.text)).toEqual([`note 0 ${t}`])
  })
})

describe('snippets (on the page of results)', () => {
  it('maps matches in folded text back to the original, across letters that fold to two', () => {
    expect(matchRanges('Ông Đặng và ĐẶNG', 'dang')).toEqual([
      { start: 4, length: 4 },
      { start: 12, length: 4 },
    ])
    expect(matchRanges('Straße 1', 'strasse')).toEqual([{ start: 0, length: 6 }])
    expect(matchRanges('a 😀 nguyễn', 'NGUYEN')).toEqual([{ start: 5, length: 6 }])
  })
  it('cuts a long text around the first match and says so', () => {
    const text = `${'x'.repeat(100)} Đặng ${'y'.repeat(300)}`
    const s = snippetOf(text, 'dang')
    expect(s.truncated_start).toBe(true)
    expect(s.truncated_end).toBe(true)
    expect(s.text.slice(s.highlights[0]!.start, s.highlights[0]!.start + s.highlights[0]!.length)).toBe('Đặng')
    expect(s.text.length).toBe(200)
  })
})

describe('in the database, through the trigram indexes', () => {
  /** The plan of `query` when the planner may not scan a table whole (the test tables are small). */
  const planOf = (query: ReturnType<typeof sql>) =>
    server.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`)
      const result = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as { rows: Record<string, string>[] }
      return result.rows.map((row) => Object.values(row)[0]).join('\n')
    })

  it('the matching the service runs (search_fold(column) LIKE ... search_fold(keyword) ...) uses each table’s index', async () => {
    const contains = (column: string) => sql`search_fold(${sql.raw(column)}) LIKE '%' || search_fold(${'nguyen'}) || '%'`
    expect(await planOf(sql`SELECT id FROM users WHERE ${contains('name')}`)).toContain('users_name_search_idx')
    expect(await planOf(sql`SELECT id FROM topics WHERE ${contains('name')}`)).toContain('topics_name_search_idx')
    expect(await planOf(sql`SELECT id FROM channels WHERE ${contains('name')}`)).toContain('channels_name_search_idx')
    expect(await planOf(sql`SELECT id FROM messages WHERE ${contains('body')}`)).toContain('messages_body_search_idx')
  })

  it('a fixed number of statements whatever the number of results: super-search 3, message/search 1', async () => {
    const t = token()
    const few = await person(base, `Few ${t}`)
    const many = await person(base, `Many ${t}`)
    const { generalId } = await channelWith(many, [], `Count ${t}`)
    await Promise.all(Array.from({ length: 12 }, (_, i) => person(base, `Counted ${i} ${t}`)))
    for (let i = 0; i < 12; i++) await send(many, generalId, `counted ${i} ${t}`)

    const statements = async (who: Person, url: string) => {
      await who.api('GET', 'customer/user-info') // the session check, cached for the next call
      queries = []
      const res = await who.api('GET', url)
      expect(res.status).toBe(200)
      return queries.length
    }
    const none = await statements(few, `super-search?keyword=zzz${t}`)
    const lots = await statements(many, `super-search?keyword=${t}`)
    expect(lots).toBe(none)
    expect(lots).toBeLessThanOrEqual(3)
    expect(await statements(many, `message/search?keyword=${t}`)).toBeLessThanOrEqual(1)
    expect(await statements(few, `message/search?keyword=${t}`)).toBeLessThanOrEqual(1)
  })
})
