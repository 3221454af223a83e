import { and, eq, inArray } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { channelMembers, topicMembers, topics } from '../../server/db/schema'
import { channelWith, clientId, person, type Person } from './chat-fixtures'
import { connected, DATABASE_URL, nextEvent, REDIS_URL, silence, socketFor, startTestServer, type TestServer } from './harness'

/**
 * Finding 9 of the security re-review: a channel's owner and admins remove members, and a member
 * leaves. The rule (contract/channel.ts mayRemoveMember) is written out here as the product's:
 * the owner removes anyone else, an admin removes members only, nobody removes the owner or
 * themselves; the owner cannot leave. A removed member reads nothing of the channel any more, and
 * their sockets leave its groups' rooms on every node.
 */

let server: TestServer
let base: string
const sockets: Socket[] = []
const open = (url: string, who: Person) => {
  const s = socketFor(url, { token: who.access_token })
  sockets.push(s)
  return s
}

beforeAll(async () => {
  server = await startTestServer()
  base = server.url
})
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
})
afterAll(() => server?.stop())

/** A channel with an owner, an admin and two members; General holds everyone, the owner's group "Inner" the admin and the first member. */
async function team(url = base) {
  const [owner, admin, member, other] = await Promise.all(['Owner', 'Admin', 'Member', 'Other'].map((name) => person(url, name)))
  const { channelId, generalId } = await channelWith(owner!, [admin!, member!, other!])
  expect((await owner!.api('PUT', 'channel/role', { channel_id: channelId, customer_id: admin!.user._id, role: 30 })).status).toBe(200)
  const inner = await owner!.api('POST', 'channel/add-topic', {
    channel_id: channelId,
    name: 'Inner',
    customer_ids: [admin!.user._id, member!.user._id],
  })
  expect(inner.status).toBe(200)
  return { owner: owner!, admin: admin!, member: member!, other: other!, channelId, generalId, groupId: inner.body.result._id as string }
}

const remove = (by: Person, channelId: string, who: Person) =>
  by.api('DELETE', 'channel/member', { channel_id: channelId, customer_id: who.user._id })
const send = (by: Person, topicId: string, text: string) =>
  by.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message: text })

/** The person's group memberships among the channel's groups, read from the database. */
async function groupsOf(channelId: string, who: Person): Promise<string[]> {
  const rows = await server.ctx.db
    .select({ id: topicMembers.topicId })
    .from(topicMembers)
    .where(
      and(
        eq(topicMembers.userId, who.user._id),
        inArray(topicMembers.topicId, server.ctx.db.select({ id: topics.id }).from(topics).where(eq(topics.channelId, channelId))),
      ),
    )
  return rows.map((r) => r.id)
}

describe('removing a member (DELETE channel/member)', () => {
  it('the owner removes a member: 200; the member reads neither messages nor the member list, and is in none of its groups', async () => {
    const t = await team()
    expect((await send(t.member, t.generalId, 'before')).status).toBe(200)
    expect((await groupsOf(t.channelId, t.member)).sort()).toEqual([t.generalId, t.groupId].sort())

    const res = await remove(t.owner, t.channelId, t.member)
    expect(res.status).toBe(200)
    expect(res.body.result).toEqual({ channel_id: t.channelId, customer_id: t.member.user._id })

    expect(await groupsOf(t.channelId, t.member)).toEqual([])
    for (const path of [
      `topic/messages?topic_id=${t.generalId}&page=1`,
      `topic/messages?topic_id=${t.groupId}&page=1`,
      `channel/page?channel_id=${t.channelId}&page=1`,
      `channel/label?channel_id=${t.channelId}`,
      `topic-in-channel?channel_id=${t.channelId}`,
    ])
      expect((await t.member.api('GET', path)).status, path).toBe(403)
    expect((await send(t.member, t.generalId, 'after')).status).toBe(403)
    expect((await t.member.api('POST', 'channel/add-topic', { channel_id: t.channelId, name: 'Mine' })).status).toBe(403)
    expect((await t.member.api('GET', 'channel/my-channel')).body.result).toEqual([])
    // The channel's card still says who is in it, without them.
    const info = (await t.owner.api('GET', `channel/info?channel_id=${t.channelId}`)).body.result
    expect(info.members_count).toBe(3)
    expect(Object.keys(info.roles)).not.toContain(t.member.user._id)
    // Their other group memberships stay (the others' are untouched).
    expect((await groupsOf(t.channelId, t.admin)).sort()).toEqual([t.generalId, t.groupId].sort())
  })

  it('it is no longer their current channel', async () => {
    const t = await team()
    expect((await t.member.api('PUT', 'customer/current-channel', { channel_id: t.channelId })).status).toBe(200)
    expect((await t.member.api('GET', 'customer/user-info')).body.result.account.channel).toBe(t.channelId)
    expect((await remove(t.owner, t.channelId, t.member)).status).toBe(200)
    expect((await t.member.api('GET', 'customer/user-info')).body.result.account.channel).toBeNull()
  })

  it('an admin removes a member (200), but not another admin, the owner or themselves (403); the owner removes an admin (200)', async () => {
    const t = await team()
    const second = await person(base, 'Second admin')
    expect((await second.api('POST', 'channel/join', { channel_id: t.channelId })).status).toBe(200)
    expect((await t.owner.api('PUT', 'channel/role', { channel_id: t.channelId, customer_id: second.user._id, role: 30 })).status).toBe(200)

    expect((await remove(t.admin, t.channelId, second)).status).toBe(403)
    expect((await remove(t.admin, t.channelId, t.owner)).status).toBe(403)
    expect((await remove(t.admin, t.channelId, t.admin)).status).toBe(403)
    expect((await remove(t.admin, t.channelId, t.member)).status).toBe(200)
    expect((await remove(t.owner, t.channelId, second)).status).toBe(200)
    const left = (await t.owner.api('GET', `channel/page?channel_id=${t.channelId}&page=1`)).body.result.customers as { _id: string }[]
    expect(left.map((m) => m._id).sort()).toEqual([t.owner.user._id, t.admin.user._id, t.other.user._id].sort())
  })

  it('a member cannot remove anyone (403), nor a stranger; nobody removes the owner, not even the owner (403)', async () => {
    const t = await team()
    const stranger = await person(base, 'Stranger')
    expect((await remove(t.member, t.channelId, t.other)).status).toBe(403)
    expect((await remove(stranger, t.channelId, t.other)).status).toBe(403)
    expect((await remove(t.owner, t.channelId, t.owner)).status).toBe(403)
    expect((await remove(t.member, t.channelId, t.owner)).status).toBe(403)
    const res = await remove(t.admin, t.channelId, t.owner)
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Permission denied')
    expect((await t.other.api('GET', `channel/page?channel_id=${t.channelId}&page=1`)).status).toBe(200)
  })

  it('someone who is not in the channel, or an unknown channel: 404; two removals at once: one 200, one 404', async () => {
    const t = await team()
    const stranger = await person(base, 'Stranger')
    expect((await remove(t.owner, t.channelId, stranger)).status).toBe(404)
    expect((await remove(t.owner, '0'.repeat(24), t.member)).status).toBe(404)
    const both = await Promise.all([remove(t.owner, t.channelId, t.member), remove(t.admin, t.channelId, t.member)])
    expect(both.map((r) => r.status).sort()).toEqual([200, 404])
  })

  it("the removed member's socket gets OUT_CHANNEL with the groups they were in, then none of the channel's NEW_MESSAGE; the others' still do", async () => {
    const t = await team()
    const removed = open(base, t.member)
    const stays = open(base, t.other)
    await Promise.all([connected(removed), connected(stays)])
    // In the room: the removed member's socket hears General before the removal.
    const heard = nextEvent<{ message: { message: string } }>(removed, 'NEW_MESSAGE')
    expect((await send(t.owner, t.generalId, 'before')).status).toBe(200)
    expect((await heard).message.message).toBe('before')

    const out = nextEvent<{ channel_id: string; topic_ids: string[] }>(removed, 'OUT_CHANNEL')
    expect((await remove(t.owner, t.channelId, t.member)).status).toBe(200)
    const payload = await out
    expect(payload.channel_id).toBe(t.channelId)
    expect(payload.topic_ids.sort()).toEqual([t.generalId, t.groupId].sort())

    const got: string[] = []
    removed.on('NEW_MESSAGE', (p: { message: { message: string } }) => got.push(p.message.message))
    const quiet = silence(removed, 'NEW_MESSAGE', 500)
    const othersHeard = nextEvent<{ message: { message: string } }>(stays, 'NEW_MESSAGE')
    expect((await send(t.owner, t.generalId, 'after')).status).toBe(200)
    expect((await send(t.admin, t.groupId, 'inner after')).status).toBe(200)
    expect((await othersHeard).message.message).toBe('after')
    expect(await quiet).toBe(true)
    expect(got).toEqual([])
  })

  it('a socket the removed member opens afterwards joins none of the channel’s rooms', async () => {
    const t = await team()
    expect((await remove(t.owner, t.channelId, t.member)).status).toBe(200)
    const later = open(base, t.member)
    const stays = open(base, t.other)
    await Promise.all([connected(later), connected(stays)])
    const quiet = silence(later, 'NEW_MESSAGE', 500)
    const othersHeard = nextEvent(stays, 'NEW_MESSAGE')
    expect((await send(t.owner, t.generalId, 'after')).status).toBe(200)
    await othersHeard
    expect(await quiet).toBe(true)
  })
})

describe('leaving (POST channel/leave)', () => {
  it('a member leaves: 200, gone from the channel and its groups, OUT_CHANNEL on their socket, no later message', async () => {
    const t = await team()
    const s = open(base, t.member)
    const stays = open(base, t.other)
    await Promise.all([connected(s), connected(stays)])
    const out = nextEvent<{ channel_id: string; topic_ids: string[] }>(s, 'OUT_CHANNEL')
    const res = await t.member.api('POST', 'channel/leave', { channel_id: t.channelId })
    expect(res.status).toBe(200)
    expect(res.body.result).toEqual({ channel_id: t.channelId })
    expect((await out).topic_ids.sort()).toEqual([t.generalId, t.groupId].sort())
    expect(await groupsOf(t.channelId, t.member)).toEqual([])
    expect((await t.member.api('GET', `topic/messages?topic_id=${t.generalId}&page=1`)).status).toBe(403)
    const quiet = silence(s, 'NEW_MESSAGE', 500)
    const othersHeard = nextEvent(stays, 'NEW_MESSAGE')
    expect((await send(t.owner, t.generalId, 'after')).status).toBe(200)
    await othersHeard
    expect(await quiet).toBe(true)
    // A public channel takes them back.
    expect((await t.member.api('POST', 'channel/join', { channel_id: t.channelId })).status).toBe(200)
  })

  it('an admin leaves (200); the owner cannot (403, with the reason) and stays; someone not in it: 403', async () => {
    const t = await team()
    expect((await t.admin.api('POST', 'channel/leave', { channel_id: t.channelId })).status).toBe(200)
    const owner = await t.owner.api('POST', 'channel/leave', { channel_id: t.channelId })
    expect(owner.status).toBe(403)
    expect(owner.body.message).toBe('The owner cannot leave the channel')
    expect((await t.owner.api('GET', `channel/page?channel_id=${t.channelId}&page=1`)).status).toBe(200)
    const stranger = await person(base, 'Stranger')
    expect((await stranger.api('POST', 'channel/leave', { channel_id: t.channelId })).status).toBe(403)
    expect((await t.admin.api('POST', 'channel/leave', { channel_id: t.channelId })).status).toBe(403)
  })

  it('the membership rows go in one transaction: nothing of the channel is left for them', async () => {
    const t = await team()
    expect((await t.member.api('POST', 'channel/leave', { channel_id: t.channelId })).status).toBe(200)
    const rows = await server.ctx.db
      .select()
      .from(channelMembers)
      .where(and(eq(channelMembers.channelId, t.channelId), eq(channelMembers.userId, t.member.user._id)))
    expect(rows).toEqual([])
    expect(await groupsOf(t.channelId, t.member)).toEqual([])
  })
})

describe.runIf(DATABASE_URL && REDIS_URL)('two nodes sharing PostgreSQL and Redis', () => {
  let nodeB: TestServer
  beforeAll(async () => {
    nodeB = await startTestServer()
  })
  afterAll(() => nodeB?.stop())

  it("removing on node A takes the member's socket on node B out of the channel's rooms: OUT_CHANNEL, then no NEW_MESSAGE", async () => {
    const t = await team()
    const removed = open(nodeB.url, t.member)
    const stays = open(nodeB.url, t.other)
    await Promise.all([connected(removed), connected(stays)])
    // Sent on node A, heard on node B: the socket is in General's room there.
    const heard = nextEvent<{ message: { message: string } }>(removed, 'NEW_MESSAGE')
    expect((await send(t.owner, t.generalId, 'before')).status).toBe(200)
    expect((await heard).message.message).toBe('before')

    const out = nextEvent<{ channel_id: string }>(removed, 'OUT_CHANNEL')
    expect((await remove(t.owner, t.channelId, t.member)).status).toBe(200)
    expect((await out).channel_id).toBe(t.channelId)

    const quiet = silence(removed, 'NEW_MESSAGE', 500)
    const othersHeard = nextEvent<{ message: { message: string } }>(stays, 'NEW_MESSAGE')
    expect((await send(t.owner, t.generalId, 'after')).status).toBe(200)
    expect((await othersHeard).message.message).toBe('after')
    expect(await quiet).toBe(true)
  })

  it('leaving through node B takes the socket on node A out too', async () => {
    const t = await team()
    const onA = open(base, t.member)
    const stays = open(base, t.other)
    await Promise.all([connected(onA), connected(stays)])
    const heard = nextEvent(onA, 'NEW_MESSAGE')
    expect((await send(t.owner, t.generalId, 'before')).status).toBe(200)
    await heard
    const out = nextEvent(onA, 'OUT_CHANNEL')
    const left = await fetch(`${nodeB.url}/api/channel/leave`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.member.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channel_id: t.channelId }),
    })
    expect(left.status).toBe(200)
    await out
    const quiet = silence(onA, 'NEW_MESSAGE', 500)
    const othersHeard = nextEvent(stays, 'NEW_MESSAGE')
    expect((await send(t.owner, t.generalId, 'after')).status).toBe(200)
    await othersHeard
    expect(await quiet).toBe(true)
  })
})
