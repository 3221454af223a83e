import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TOPIC_PERMISSIONS } from '../../contract'
import { channelWith, type Person, person } from './chat-fixtures'
import { startTestServer, type TestServer } from './harness'

/** Channels, topics and notifications: pages end at 1,000 and no list answers more than 1,000 items. */
const MOST = 1000

let server: TestServer
let owner: Person
let channelId: string
let generalId: string
beforeAll(async () => {
  server = await startTestServer()
  owner = await person(server.url, 'Owner')
  ;({ channelId, generalId } = await channelWith(owner, []))
})
afterAll(() => server?.stop())

const run = (query: string) => server.ctx.db.execute(sql.raw(query))
/** `n` rows made by one statement: `select` gets the series number as `i`. */
const series = (n: number, table: string, columns: string, select: string) =>
  run(`insert into ${table} (${columns}) select ${select} from generate_series(1, ${n}) as i`)
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`
/** Ids made here are unique per run (PostgreSQL keeps its rows between runs). */
const runTag = randomUUID().slice(0, 8)

describe('page numbers', () => {
  it('page 1,000 is the last one asked for; page 1,001 is bad input on every paged list', async () => {
    const paged = [
      'channel?keyword=&page=',
      `channel/page?channel_id=${channelId}&page=`,
      'topic?page=',
      `topic-in-channel?channel_id=${channelId}&page=`,
      'notify?page=',
    ]
    for (const url of paged) {
      const last = await owner.api('GET', `${url}${MOST}`)
      expect(last.status, url).toBe(200)
      const beyond = await owner.api('GET', `${url}${MOST + 1}`)
      expect(beyond.status, url).toBe(400)
      expect(Object.keys(beyond.body.errors), url).toEqual(['page'])
    }
  })
})

describe('lists without pages are bounded', () => {
  it('channel/pin answers at most 1,000 pinned topics', async () => {
    const me = quoted(owner.user._id)
    const permission = quoted(JSON.stringify(DEFAULT_TOPIC_PERMISSIONS))
    await series(
      MOST + 1,
      'topics',
      'id, channel_id, name, is_group, created_by, permission',
      `'pin-${runTag}-' || i, ${quoted(channelId)}, 'Pinned ' || i, 1, ${me}, ${permission}::jsonb`,
    )
    await series(MOST + 1, 'topic_members', 'topic_id, user_id, is_pin', `'pin-${runTag}-' || i, ${me}, 1`)
    const pinned = await owner.api('GET', 'channel/pin')
    expect(pinned.status).toBe(200)
    expect(pinned.body.result).toHaveLength(MOST)
    expect(pinned.body.result.every((t: { is_pin: boolean }) => t.is_pin)).toBe(true)
  })

  it('channel/my-channel and channel/seen answer at most 1,000 channels', async () => {
    const someone = await person(server.url)
    const who = quoted(someone.user._id)
    await series(MOST + 1, 'channels', 'id, name', `'mine-${runTag}-' || i, 'Mine ' || i`)
    await series(MOST + 1, 'channel_members', 'channel_id, user_id, role', `'mine-${runTag}-' || i, ${who}, 20`)
    const mine = await someone.api('GET', 'channel/my-channel')
    expect(mine.status).toBe(200)
    expect(mine.body.result).toHaveLength(MOST)
    const seen = await someone.api('GET', 'channel/seen')
    // One entry per channel (at most 1,000) and the one for 1:1 chats.
    expect(seen.body.result).toHaveLength(MOST + 1)
  })

  it('channel/label answers at most 1,000 labels', async () => {
    await series(
      MOST + 1,
      'labels',
      'id, channel_id, name, color',
      `'label-${runTag}-' || i, ${quoted(channelId)}, 'Label ' || i, '#64748b'`,
    )
    const labels = await owner.api('GET', `channel/label?channel_id=${channelId}`)
    expect(labels.status).toBe(200)
    expect(labels.body.result).toHaveLength(MOST)
  })

  it("channel/info's roles and topic/info's members answer at most 1,000 people", async () => {
    await series(
      MOST + 1,
      'users',
      'id, name, email, password_hash, workid',
      `'crowd-${runTag}-' || i, 'Crowd ' || i, 'crowd-${runTag}-' || i || '@example.test', 'x', 'crowd-${runTag}-' || i`,
    )
    await series(MOST + 1, 'channel_members', 'channel_id, user_id, role', `${quoted(channelId)}, 'crowd-${runTag}-' || i, 20`)
    await series(MOST + 1, 'topic_members', 'topic_id, user_id', `${quoted(generalId)}, 'crowd-${runTag}-' || i`)
    const info = await owner.api('GET', `channel/info?channel_id=${channelId}`)
    expect(info.status).toBe(200)
    expect(Object.keys(info.body.result.roles)).toHaveLength(MOST)
    expect(info.body.result.roles[owner.user._id]).toBe(40)
    expect(info.body.result.members_count).toBe(MOST + 2)
    const topic = await owner.api('GET', `topic/info?topic_id=${generalId}`)
    expect(topic.status).toBe(200)
    expect(topic.body.result.customers).toHaveLength(MOST)
    expect(topic.body.result.customers[0]).toMatchObject({ _id: owner.user._id, role: 40 })
    expect(topic.body.result.members_count).toBe(MOST + 2)
  })
})
