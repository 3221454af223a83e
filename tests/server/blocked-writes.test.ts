import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import type { Notification } from '../../contract'
import { outbox } from '../../server/db/schema'
import { channelWith, clientId, type Person, person, socketOf } from './chat-fixtures'
import { nextEvent, silence, startTestServer, type TestServer } from './harness'
import { pngBytes, upload } from './verified-fixtures'

/**
 * Security review 2, finding 3: a block and "only friends may message me" cover every write in an
 * existing 1:1 chat (send, forward, edit, pin, notify anyway, typing, uploads), not only a new
 * message; a restricted group member's "notify anyway" is refused like their send; the blocked
 * person cannot read the blocker's do-not-disturb; and a blocked person's mention or keyword in a
 * group both belong to does not reach the blocker (as in Slack and Discord).
 */
let server: TestServer
let base: string
const sockets: Socket[] = []

beforeAll(async () => {
  server = await startTestServer()
  base = server.url
})
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect()
})
afterAll(() => server.stop())

const REFUSED = 'You cannot contact this person.'
const FRIENDS_ONLY = 'This person only accepts messages from friends. Send them a friend request first.'

const socket = async (who: Person) => {
  const s = await socketOf(base, who)
  sockets.push(s)
  return s
}
const dmOf = async (a: Person, b: Person): Promise<string> => {
  const res = await a.api('GET', `topic/chat-friend?customer_id=${b.user._id}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result._id
}
const send = async (who: Person, topicId: string, message: string, mentions: string[] = []) => {
  const res = await who.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message, mentions })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result as { _id: string; message: string }
}
const history = async (who: Person, topicId: string) =>
  (await who.api('GET', `topic/messages?topic_id=${topicId}&page=1`)).body.result as { _id: string; message: string; is_pin: boolean }[]
const notifications = async (who: Person): Promise<Notification[]> => (await who.api('GET', 'notify?page=1')).body.result
const block = async (blocker: Person, blocked: Person) =>
  expect((await blocker.api('POST', 'relates/block', { customer_id: blocked.user._id })).status).toBe(200)

describe('a blocked person in an existing 1:1 chat', () => {
  it('cannot edit, pin, unpin, forward, upload or notify anyway there; the blocker still can, and no change reaches the blocker', async () => {
    const [alice, bob] = await Promise.all([person(base, 'Alice'), person(base, 'Bob')])
    const chat = await dmOf(bob, alice)
    const bobs = await send(bob, chat, 'an old message')
    const alices = await send(alice, chat, 'my own message')
    expect((await bob.api('PUT', 'message/pin', { message_id: bobs._id, is_pin: 1 })).status).toBe(200)
    await block(alice, bob)
    const live = await socket(alice)
    const changes: { change: string; message: { _id: string } }[] = []
    live.on('MESSAGE_CHANGED', (payload: { change: string; message: { _id: string } }) => changes.push(payload))

    const edit = await bob.api('PUT', 'message/edit', { message_id: bobs._id, message: 'new text she never asked for' })
    expect(edit.status).toBe(403)
    expect(edit.body.message).toBe(REFUSED)
    const unpin = await bob.api('PUT', 'message/pin', { message_id: bobs._id, is_pin: 0 })
    expect(unpin.status).toBe(403)
    expect(unpin.body.message).toBe(REFUSED)
    expect((await bob.api('PUT', 'message/pin', { message_id: alices._id, is_pin: 1 })).status).toBe(403)
    const forward = await bob.api('POST', 'message/forward', { message_id: bobs._id, topic_ids: [chat] })
    expect(forward.status).toBe(403)
    const file = await upload(server, bob, { bytes: await pngBytes(), name: 'photo.png', topicId: chat })
    expect(file.status).toBe(403)
    expect(file.body.message).toBe(REFUSED)

    // Nothing changed: her history shows the old text, pinned as it was.
    const seen = await history(alice, chat)
    expect(seen.find((m) => m._id === bobs._id)).toMatchObject({ message: 'an old message', is_pin: true })
    expect(seen.find((m) => m._id === alices._id)).toMatchObject({ is_pin: false })

    // In do not disturb, she is not reached by his "notify anyway", nor does he learn that she is in it.
    expect((await alice.api('PUT', 'attention/dnd', { for: '1h' })).status).toBe(200)
    const nudge = await bob.api('POST', 'attention/notify-anyway', { topic_id: chat })
    expect(nudge.status).toBe(403)
    expect(nudge.body.message).toBe(REFUSED)
    expect((await bob.api('GET', `attention/person?customer_id=${alice.user._id}`)).status).toBe(403)
    expect(await notifications(alice)).toEqual([])

    // The blocker herself still writes in her chat, and sees his do-not-disturb.
    expect((await alice.api('PUT', 'message/edit', { message_id: alices._id, message: 'edited by me' })).status).toBe(200)
    expect((await alice.api('PUT', 'message/pin', { message_id: alices._id, is_pin: 1 })).status).toBe(200)
    expect((await alice.api('GET', `attention/person?customer_id=${bob.user._id}`)).status).toBe(200)
    // Her socket heard her own edit and pin, and nothing of his (his came first: they would be there).
    await vi.waitFor(() => expect(changes).toHaveLength(2))
    expect(changes.map((c) => [c.change, c.message._id])).toEqual([
      ['edited', alices._id],
      ['pinned', alices._id],
    ])
  })

  it('cannot make the blocker see “typing” in the chat; before the block it reached her', async () => {
    const [alice, bob] = await Promise.all([person(base, 'Alice'), person(base, 'Bob')])
    const chat = await dmOf(bob, alice)
    const hers = await socket(alice)
    const before = await socket(bob)
    const heard = nextEvent<{ topic_id: string; user: { _id: string } }>(hers, 'TYPING')
    before.emit('TYPING', { topic_id: chat })
    expect(await heard).toMatchObject({ topic_id: chat, user: { _id: bob.user._id } })

    await block(alice, bob)
    // A fresh socket: its one TYPING a second is not spent yet.
    const after = await socket(bob)
    const quiet = silence(hers, 'TYPING', 600)
    after.emit('TYPING', { topic_id: chat })
    expect(await quiet).toBe(true)
  })

  it('with “only friends may message me”, a stranger’s old chat takes no edit, pin or notify anyway either; a friend’s does', async () => {
    const [carol, dan, friend] = await Promise.all([person(base, 'Carol'), person(base, 'Dan'), person(base, 'Friend')])
    const chat = await dmOf(dan, carol)
    const old = await send(dan, chat, 'written before she chose friends only')
    const friendChat = await dmOf(friend, carol)
    const friendly = await send(friend, friendChat, 'hi Carol')
    expect((await friend.api('POST', 'relates/add-friend', { customer_id: carol.user._id })).status).toBe(200)
    expect((await carol.api('POST', 'relates/accept-friend', { customer_id: friend.user._id })).status).toBe(200)
    expect((await carol.api('PUT', 'customer/update-profile', { only_friend_chat: 1 })).status).toBe(200)
    expect((await carol.api('PUT', 'attention/dnd', { for: '1h' })).status).toBe(200)

    for (const res of [
      await dan.api('PUT', 'message/edit', { message_id: old._id, message: 'changed' }),
      await dan.api('PUT', 'message/pin', { message_id: old._id, is_pin: 1 }),
      await dan.api('POST', 'attention/notify-anyway', { topic_id: chat }),
    ]) {
      expect(res.status).toBe(403)
      expect(res.body.message).toBe(FRIENDS_ONLY)
    }
    expect((await friend.api('PUT', 'message/edit', { message_id: friendly._id, message: 'hi Carol!' })).status).toBe(200)
    expect((await friend.api('PUT', 'message/pin', { message_id: friendly._id, is_pin: 1 })).status).toBe(200)
    expect((await friend.api('POST', 'attention/notify-anyway', { topic_id: friendChat })).body.result).toEqual({ notified: 1 })
  })
})

describe('a group member whom the admins do not let write', () => {
  it('cannot notify anyway there, as they cannot send', async () => {
    const [owner, member, away] = await Promise.all([person(base, 'Owner'), person(base, 'Member'), person(base, 'Away')])
    const { generalId } = await channelWith(owner, [member, away], 'Quiet team')
    await send(member, generalId, 'something urgent')
    expect((await away.api('PUT', 'attention/dnd', { for: '1h' })).status).toBe(200)
    expect((await owner.api('PUT', 'topic/permission', { topic_id: generalId, permission: { send_message: 1 } })).status).toBe(200)
    expect((await member.api('POST', 'attention/notify-anyway', { topic_id: generalId })).status).toBe(403)
    expect(await notifications(away)).toEqual([])
    // Allowed again, the same call reaches the reader in do not disturb.
    expect((await owner.api('PUT', 'topic/permission', { topic_id: generalId, permission: { send_message: 0 } })).status).toBe(200)
    expect((await member.api('POST', 'attention/notify-anyway', { topic_id: generalId })).body.result).toEqual({ notified: 1 })
  })
})

describe('a blocked person in a group both belong to', () => {
  it('mentions, keywords, notify anyway and the missed-message email do not reach the blocker; the others are reached', async () => {
    const [owner, alice, bob, carol] = await Promise.all([
      person(base, 'Owner'),
      person(base, 'Alice'),
      person(base, 'Bob'),
      person(base, 'Carol'),
    ])
    const { generalId } = await channelWith(owner, [alice, bob, carol], 'Shared team')
    expect((await alice.api('PUT', 'attention/settings', { keywords: ['deadline'] })).status).toBe(200)
    expect((await carol.api('PUT', 'attention/settings', { keywords: ['deadline'] })).status).toBe(200)
    await block(alice, bob)

    await send(bob, generalId, 'hey @Alice @Carol', [alice.user._id, carol.user._id])
    await send(bob, generalId, 'the deadline moved')
    const carols = await notifications(carol)
    expect(carols.map((n) => n.value?.key).sort()).toEqual(['keyword', 'tag_message'])
    expect(await notifications(alice)).toEqual([])

    // Both in do not disturb: his "notify anyway" reaches Carol only.
    for (const who of [alice, carol]) expect((await who.api('PUT', 'attention/dnd', { for: '1h' })).status).toBe(200)
    expect((await bob.api('POST', 'attention/notify-anyway', { topic_id: generalId })).body.result).toEqual({ notified: 1 })
    expect(await notifications(alice)).toEqual([])
    for (const who of [alice, carol]) expect((await who.api('PUT', 'attention/dnd', { for: 'off' })).status).toBe(200)

    // The missed-message email lists his mention for Carol, and emails Alice nothing.
    await server.services.attention.sendDigests(new Date(Date.now() + 11 * 60_000))
    const digestTo = async (who: Person) =>
      (await server.ctx.db.select().from(outbox).where(eq(outbox.to, who.email))).filter((m) => /unread message/.test(m.subject))
    expect(await digestTo(carol)).toHaveLength(1)
    expect(await digestTo(alice)).toHaveLength(0)

    // Someone she did not block still reaches her.
    await send(carol, generalId, 'and @Alice too', [alice.user._id])
    expect((await notifications(alice)).map((n) => n.customer?._id)).toEqual([carol.user._id])
  })
})
