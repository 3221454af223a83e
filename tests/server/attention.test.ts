import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import type { Notification, PersonDndChangedPayload, SettingsChangedPayload } from '../../contract'
import { outbox, scheduledJobs } from '../../server/db/schema'
import { channelWith, clientId, type Person, person, socketOf } from './chat-fixtures'
import { call, connected, DATABASE_URL, nextEvent, REDIS_URL, silence, socketFor, startTestServer, type TestServer } from './harness'

let server: TestServer
let base: string
/** The server's clock: real time moved on by `shift` ms. */
let shift = 0
const sockets: Socket[] = []

beforeAll(async () => {
  server = await startTestServer({ now: () => Date.now() + shift })
  base = server.url
})
afterEach(() => {
  shift = 0
  for (const s of sockets.splice(0)) s.disconnect()
})
afterAll(async () => {
  await server?.stop()
})

const MINUTE = 60_000
const socket = async (who: Person) => {
  const s = await socketOf(base, who)
  sockets.push(s)
  return s
}
const dmOf = async (a: Person, b: Person): Promise<string> =>
  (await a.api('GET', `topic/chat-friend?customer_id=${b.user._id}`)).body.result._id
const send = (who: Person, topicId: string, message: string, mentions: string[] = []) =>
  who.api('POST', 'message/send', { client_id: clientId(), topic_id: topicId, message, mentions })
const notifications = async (who: Person): Promise<Notification[]> => (await who.api('GET', 'notify?page=1')).body.result
/** The missed-message emails to an address (not the sign-up code). */
const emailsTo = async (address: string) =>
  (await server.ctx.db.select().from(outbox).where(eq(outbox.to, address))).filter((m) => /unread message/.test(m.subject))

describe('attention settings', () => {
  it('start at the defaults and change one field at a time; bad input is a 400 naming the field', async () => {
    const me = await person(base, 'Lan')
    const initial = await me.api('GET', 'attention/settings')
    expect(initial.status).toBe(200)
    expect(initial.body.result).toEqual({
      time_zone: null,
      dnd_until: null,
      dnd_schedule: null,
      keywords: [],
      digest_email: true,
      topics: [],
    })

    const tz = await me.api('PUT', 'attention/settings', { time_zone: 'Asia/Ho_Chi_Minh' })
    expect(tz.body.result.time_zone).toBe('Asia/Ho_Chi_Minh')
    const words = await me.api('PUT', 'attention/settings', { keywords: ['deploy', ' phát hành ', 'deploy'] })
    expect(words.body.result).toMatchObject({ time_zone: 'Asia/Ho_Chi_Minh', keywords: ['deploy', 'phát hành'] })
    const schedule = { enabled: true, days: [5, 1, 2, 3, 4, 1], start: '09:00', end: '17:30' }
    expect((await me.api('PUT', 'attention/settings', { dnd_schedule: schedule })).body.result.dnd_schedule).toEqual({
      ...schedule,
      days: [1, 2, 3, 4, 5],
    })

    const badZone = await me.api('PUT', 'attention/settings', { time_zone: 'Mars/Olympus' })
    expect(badZone.status).toBe(400)
    expect(Object.keys(badZone.body.errors)).toEqual(['time_zone'])
    const backwards = await me.api('PUT', 'attention/settings', { dnd_schedule: { ...schedule, start: '18:00', end: '09:00' } })
    expect(backwards.status).toBe(400)
    expect(Object.keys(backwards.body.errors)).toEqual(['dnd_schedule'])
    expect((await me.api('PUT', 'attention/settings', {})).status).toBe(400)
    expect((await me.api('PUT', 'attention/dnd', { for: '2h' })).status).toBe(400)
    expect((await call(base, 'GET', '/api/attention/settings')).status).toBe(401)
  })

  it('do not disturb for 30 minutes, an hour, until 08:00 tomorrow in the user’s zone, and off', async () => {
    const me = await person(base, 'Minh')
    await me.api('PUT', 'attention/settings', { time_zone: 'Asia/Ho_Chi_Minh' })
    const before = Date.now()
    const half = Date.parse((await me.api('PUT', 'attention/dnd', { for: '30m' })).body.result.dnd_until)
    expect(half - before).toBeGreaterThanOrEqual(30 * MINUTE - 1000)
    expect(half - before).toBeLessThanOrEqual(30 * MINUTE + 5000)
    const tomorrow = new Date((await me.api('PUT', 'attention/dnd', { for: 'tomorrow' })).body.result.dnd_until)
    // Ho Chi Minh City is UTC+7 all year: 08:00 there is 01:00 UTC, within the next 24 hours.
    expect(tomorrow.getUTCHours()).toBe(1)
    expect(tomorrow.getUTCMinutes()).toBe(0)
    expect(tomorrow.getTime() - before).toBeGreaterThan(0)
    expect(tomorrow.getTime() - before).toBeLessThanOrEqual(24 * 60 * MINUTE)
    expect((await me.api('PUT', 'attention/dnd', { for: 'off' })).body.result.dnd_until).toBeNull()
  })
})

describe('the user’s other tabs and devices hear a change', () => {
  const changed = (s: Socket) => nextEvent<SettingsChangedPayload>(s, 'SETTINGS_CHANGED')

  it('do not disturb, the settings form, a chat’s bell and the unsubscribe link reach every socket of the user as SETTINGS_CHANGED attention; no one else’s', async () => {
    const [me, friend, stranger] = await Promise.all([person(base, 'Tab owner'), person(base, 'Friend'), person(base, 'Stranger')])
    const dm = await dmOf(me, friend)
    const [tabA, tabB, strangerTab] = await Promise.all([socket(me), socket(me), socket(stranger)])

    const writes: [string, () => ReturnType<Person['api']>][] = [
      ['dnd', () => me.api('PUT', 'attention/dnd', { for: '30m' })],
      ['settings', () => me.api('PUT', 'attention/settings', { keywords: ['deploy'] })],
      ['topic', () => me.api('PUT', 'attention/topic', { topic_id: dm, mute: '1h' })],
      [
        'unsubscribe',
        () =>
          call(base, 'POST', '/api/attention/unsubscribe', { body: { token: server.services.attention.unsubscribeToken(me.user._id) } }),
      ],
    ]
    for (const [what, write] of writes) {
      const [onA, onB, quiet] = [changed(tabA), changed(tabB), silence(strangerTab, 'SETTINGS_CHANGED')]
      expect((await write()).status, what).toBe(200)
      expect(await onA, what).toEqual({ area: 'attention' })
      expect(await onB, what).toEqual({ area: 'attention' })
      expect(await quiet, what).toBe(true)
    }
  })

  it('a refused write changes nothing and announces nothing', async () => {
    const [me, other, third] = await Promise.all([person(base, 'Refused'), person(base, 'Other'), person(base, 'Third')])
    // A chat the user is not in: its bell is refused (403).
    const dm = await dmOf(other, third)
    const tab = await socket(me)
    const quiet = silence(tab, 'SETTINGS_CHANGED')
    expect((await me.api('PUT', 'attention/dnd', { for: '2h' })).status).toBe(400)
    expect((await me.api('PUT', 'attention/settings', { time_zone: 'Mars/Olympus' })).status).toBe(400)
    expect((await me.api('PUT', 'attention/topic', { topic_id: dm, level: 'nothing' })).status).toBe(403)
    expect(await quiet).toBe(true)
  })
})

describe.runIf(DATABASE_URL && REDIS_URL)('two nodes sharing PostgreSQL and Redis', () => {
  it('a change written on node A reaches the user’s socket on node B', async () => {
    const nodeB = await startTestServer()
    try {
      const me = await person(base, 'Two nodes')
      const onNodeB = socketFor(nodeB.url, { token: me.access_token })
      sockets.push(onNodeB)
      await connected(onNodeB)
      const heard = nextEvent<SettingsChangedPayload>(onNodeB, 'SETTINGS_CHANGED')
      expect((await me.api('PUT', 'attention/dnd', { for: '1h' })).status).toBe(200)
      expect(await heard).toEqual({ area: 'attention' })
    } finally {
      await nodeB.stop()
    }
  })
})

describe('per-topic level and mute', () => {
  it('a member sets them; a stranger gets 403 and an unknown topic 404', async () => {
    const [a, b, stranger] = await Promise.all([person(base, 'A'), person(base, 'B'), person(base, 'Stranger')])
    const dm = await dmOf(a, b)
    const muted = await a.api('PUT', 'attention/topic', { topic_id: dm, mute: 'forever' })
    expect(muted.body.result).toEqual({ topic_id: dm, level: 'everything', muted_until: '9999-12-31T00:00:00.000Z' })
    const level = await a.api('PUT', 'attention/topic', { topic_id: dm, level: 'mentions' })
    expect(level.body.result).toEqual({ topic_id: dm, level: 'mentions', muted_until: '9999-12-31T00:00:00.000Z' })
    const hour = await a.api('PUT', 'attention/topic', { topic_id: dm, mute: '1h' })
    expect(Date.parse(hour.body.result.muted_until) - Date.now()).toBeGreaterThan(59 * MINUTE)
    expect((await a.api('GET', 'attention/settings')).body.result.topics).toEqual([hour.body.result])
    expect((await a.api('PUT', 'attention/topic', { topic_id: dm, mute: 'off' })).body.result.muted_until).toBeNull()

    expect((await stranger.api('PUT', 'attention/topic', { topic_id: dm, level: 'nothing' })).status).toBe(403)
    expect((await a.api('PUT', 'attention/topic', { topic_id: 'no-such-topic', level: 'nothing' })).status).toBe(404)
    expect((await a.api('PUT', 'attention/topic', { topic_id: dm })).status).toBe(400)
    expect((await a.api('PUT', 'attention/topic', { topic_id: dm, level: 'loud' })).status).toBe(400)
  })

  it('a mention in a muted topic or one set to nothing makes no notification; unmuted it makes one', async () => {
    const [owner, reader] = await Promise.all([person(base, 'Owner'), person(base, 'Reader')])
    const { channelId, generalId } = await channelWith(owner, [reader], 'Muted team')
    const live = await socket(reader)
    await reader.api('PUT', 'attention/topic', { topic_id: generalId, mute: '1h' })
    const quiet = silence(live, 'data')
    await send(owner, generalId, 'hey @Reader', [reader.user._id])
    expect(await quiet).toBe(true)
    await reader.api('PUT', 'attention/topic', { topic_id: generalId, mute: 'off', level: 'nothing' })
    await send(owner, generalId, 'hey again', [reader.user._id])
    expect(await notifications(reader)).toEqual([])
    await reader.api('PUT', 'attention/topic', { topic_id: generalId, level: 'mentions' })
    const heard = nextEvent<Notification>(live, 'data')
    await send(owner, generalId, 'now?', [reader.user._id])
    expect((await heard).notifiable_type).toBe('tag_message')
    expect(await notifications(reader)).toHaveLength(1)
    // The muted topic's messages still count as unread.
    const seen: { channel_id: string | null; unseen: number }[] = (await reader.api('GET', 'channel/seen')).body.result
    expect(seen.find((e) => e.channel_id === channelId)?.unseen).toBeGreaterThan(0)
  })
})

describe('keyword alerts', () => {
  it('notify members whose keyword the message has as a whole word, accents and case aside, once even when also mentioned, never the sender', async () => {
    const [owner, watcher, other, mentionedToo] = await Promise.all([
      person(base, 'Owner'),
      person(base, 'Watcher'),
      person(base, 'Other'),
      person(base, 'Both'),
    ])
    const { generalId } = await channelWith(owner, [watcher, other, mentionedToo], 'Keyword team')
    await watcher.api('PUT', 'attention/settings', { keywords: ['phat hanh'] })
    await mentionedToo.api('PUT', 'attention/settings', { keywords: ['phat hanh'] })
    await owner.api('PUT', 'attention/settings', { keywords: ['phat hanh'] })

    await send(owner, generalId, 'Không có gì: phathanh, phát-hànhx')
    expect(await notifications(watcher)).toEqual([])
    await send(owner, generalId, 'Tối nay PHÁT HÀNH bản mới', [mentionedToo.user._id])
    const [alert] = await notifications(watcher)
    expect(alert).toMatchObject({
      notifiable_type: 'tag_message',
      object_id: generalId,
      customer: { _id: owner.user._id },
      value: { key: 'keyword' },
    })
    expect(await notifications(watcher)).toHaveLength(1)
    const both = await notifications(mentionedToo)
    expect(both).toHaveLength(1)
    expect(both[0]!.value).toMatchObject({ key: 'tag_message' })
    expect(await notifications(owner)).toEqual([])
    expect(await notifications(other)).toEqual([])
  })
})

describe('do not disturb and notify anyway', () => {
  it('someone who shares a topic sees the DND; a stranger may not ask', async () => {
    const [a, b, stranger] = await Promise.all([person(base, 'A'), person(base, 'B'), person(base, 'S')])
    await dmOf(a, b)
    expect((await a.api('GET', `attention/person?customer_id=${b.user._id}`)).body.result).toEqual({
      customer_id: b.user._id,
      dnd: false,
      dnd_until: null,
    })
    const until = (await b.api('PUT', 'attention/dnd', { for: '1h' })).body.result.dnd_until
    expect((await a.api('GET', `attention/person?customer_id=${b.user._id}`)).body.result).toEqual({
      customer_id: b.user._id,
      dnd: true,
      dnd_until: until,
    })
    expect((await stranger.api('GET', `attention/person?customer_id=${b.user._id}`)).status).toBe(403)
    expect((await a.api('GET', 'attention/person?customer_id=nobody')).status).toBe(404)
    // Outside working hours counts too: no working day at all.
    await b.api('PUT', 'attention/dnd', { for: 'off' })
    await b.api('PUT', 'attention/settings', { dnd_schedule: { enabled: true, days: [], start: '09:00', end: '17:00' } })
    expect((await a.api('GET', `attention/person?customer_id=${b.user._id}`)).body.result).toEqual({
      customer_id: b.user._id,
      dnd: true,
      dnd_until: null,
    })
  })

  it('turning do not disturb on or off, or changing working hours, reaches the people the user shares a chat with (1:1 and group) as PERSON_DND_CHANGED; a stranger hears nothing', async () => {
    const [busy, partner, groupmate, stranger] = await Promise.all([
      person(base, 'Busy one'),
      person(base, 'Partner'),
      person(base, 'Groupmate'),
      person(base, 'Stranger'),
    ])
    await dmOf(partner, busy)
    await channelWith(busy, [groupmate])
    const [partnerTab, groupmateTab, strangerTab] = await Promise.all([socket(partner), socket(groupmate), socket(stranger)])
    const writes: [string, () => ReturnType<Person['api']>][] = [
      ['on', () => busy.api('PUT', 'attention/dnd', { for: '1h' })],
      ['off', () => busy.api('PUT', 'attention/dnd', { for: 'off' })],
      ['hours', () => busy.api('PUT', 'attention/settings', { dnd_schedule: { enabled: true, days: [1], start: '09:00', end: '17:00' } })],
    ]
    for (const [what, write] of writes) {
      const heard = [
        nextEvent<PersonDndChangedPayload>(partnerTab, 'PERSON_DND_CHANGED'),
        nextEvent<PersonDndChangedPayload>(groupmateTab, 'PERSON_DND_CHANGED'),
      ]
      const quiet = silence(strangerTab, 'PERSON_DND_CHANGED')
      expect((await write()).status, what).toBe(200)
      expect(await Promise.all(heard), what).toEqual([{ customer_id: busy.user._id }, { customer_id: busy.user._id }])
      expect(await quiet, what).toBe(true)
    }
    // Keywords say nothing about do not disturb: no event.
    const quiet = silence(partnerTab, 'PERSON_DND_CHANGED')
    await busy.api('PUT', 'attention/settings', { keywords: ['release'] })
    expect(await quiet).toBe(true)
  })

  it('notify anyway reaches a reader in DND once, marked urgent; no one when nobody is in DND', async () => {
    const [a, b] = await Promise.all([person(base, 'Sender'), person(base, 'Busy')])
    const dm = await dmOf(a, b)
    expect((await a.api('POST', 'attention/notify-anyway', { topic_id: dm })).status).toBe(400)
    await send(a, dm, 'are you there?')
    expect((await a.api('POST', 'attention/notify-anyway', { topic_id: dm })).body.result).toEqual({ notified: 0 })
    await b.api('PUT', 'attention/dnd', { for: '1h' })
    const live = await socket(b)
    const heard = nextEvent<Notification>(live, 'data')
    expect((await a.api('POST', 'attention/notify-anyway', { topic_id: dm })).body.result).toEqual({ notified: 1 })
    expect((await heard).value).toMatchObject({ urgent: true, key: 'notify_anyway', value: 'are you there?' })
    expect((await a.api('POST', 'attention/notify-anyway', { topic_id: dm })).body.result).toEqual({ notified: 0 })
    // A mute is not broken by notify anyway.
    await send(a, dm, 'really urgent')
    await b.api('PUT', 'attention/topic', { topic_id: dm, mute: 'forever' })
    expect((await a.api('POST', 'attention/notify-anyway', { topic_id: dm })).body.result).toEqual({ notified: 0 })
    const stranger = await person(base, 'Outsider')
    expect((await stranger.api('POST', 'attention/notify-anyway', { topic_id: dm })).status).toBe(403)
  })

  it('deliveryFor answers from the person’s settings', async () => {
    const b = await person(base, 'Rules')
    const attention = server.services.attention
    expect(await attention.deliveryFor(b.user._id, { kind: 'call' })).toEqual({ notify: true, push: true, ring: true, email: false })
    await b.api('PUT', 'attention/dnd', { for: '30m' })
    expect(await attention.deliveryFor(b.user._id, { kind: 'call' })).toEqual({ notify: true, push: false, ring: false, email: false })
    expect(await attention.deliveryFor(b.user._id, { kind: 'call' }, new Date(Date.now() + 31 * MINUTE))).toEqual({
      notify: true,
      push: true,
      ring: true,
      email: false,
    })
  })
})

describe('the missed-message email', () => {
  it('one email per person lists every unseen mention and 1:1 message once the oldest is 10 minutes old; never twice', async () => {
    const [a, b, c] = await Promise.all([person(base, 'Sender'), person(base, 'Away'), person(base, 'Reads')])
    const dm = await dmOf(a, b)
    const { generalId } = await channelWith(a, [b, c], 'Digest team')
    await send(a, dm, 'first direct')
    await send(a, dm, 'second direct')
    await send(a, generalId, 'ping @Away', [b.user._id])
    await send(a, generalId, 'just chatting') // not a mention: not emailed
    await send(a, generalId, 'ping @Reads', [c.user._id])
    await c.api('PUT', 'channel/seen', { topic_id: generalId, is_seen: 1 }) // c read it
    const digests = server.services.attention

    expect(await digests.sendDigests(new Date(Date.now() + 5 * MINUTE))).toMatchObject({ emails: 0 })
    await digests.sendDigests(new Date(Date.now() + 11 * MINUTE))
    const [mail, ...more] = await emailsTo(b.email)
    expect(more).toHaveLength(0)
    expect(mail!.subject).toBe('You have 3 unread messages on Workroom')
    for (const text of ['first direct', 'second direct', 'ping @Away', `/chat/${dm}`, `/chat/${generalId}`])
      expect(mail!.text).toContain(text)
    expect(mail!.text).not.toContain('just chatting')
    expect(await emailsTo(c.email)).toHaveLength(0)
    await digests.sendDigests(new Date(Date.now() + 12 * MINUTE))
    expect(await emailsTo(b.email)).toHaveLength(1)
  })

  it("lists a group message with a word the person follows once, mentioned or not; the group's other messages are not listed", async () => {
    const [a, follower, both] = await Promise.all([person(base, 'Sender'), person(base, 'Follower'), person(base, 'Both')])
    for (const who of [follower, both]) expect((await who.api('PUT', 'attention/settings', { keywords: ['release'] })).status).toBe(200)
    const { generalId } = await channelWith(a, [follower, both], 'Keyword team')
    await send(a, generalId, 'The release is out', [both.user._id])
    await send(a, generalId, 'lunch anyone?')
    await server.services.attention.sendDigests(new Date(Date.now() + 11 * MINUTE))
    for (const who of [follower, both]) {
      const [mail, ...more] = await emailsTo(who.email)
      expect(more, who.user.name).toHaveLength(0)
      expect(mail!.subject).toBe('You have 1 unread message on Workroom')
      expect(mail!.text).toContain('The release is out')
      expect(mail!.text).not.toContain('lunch anyone?')
    }
  })

  it('respects mute, level and do not disturb at the time of the message', async () => {
    const [a, muted, leveled, busy] = await Promise.all([
      person(base, 'Sender'),
      person(base, 'Muted'),
      person(base, 'Leveled'),
      person(base, 'Busy'),
    ])
    const dms = await Promise.all([dmOf(a, muted), dmOf(a, leveled), dmOf(a, busy)])
    await muted.api('PUT', 'attention/topic', { topic_id: dms[0], mute: 'forever' })
    await leveled.api('PUT', 'attention/topic', { topic_id: dms[1], level: 'mentions' })
    await busy.api('PUT', 'attention/dnd', { for: '1h' })
    for (const dm of dms) await send(a, dm, 'hello?')
    await server.services.attention.sendDigests(new Date(Date.now() + 11 * MINUTE))
    for (const who of [muted, leveled, busy]) expect(await emailsTo(who.email), who.user.name).toHaveLength(0)
  })

  it('runs on the scheduler once per period, and its unsubscribe link turns it off without login', async () => {
    const [a, b] = await Promise.all([person(base, 'Sender'), person(base, 'Subscriber')])
    const dm = await dmOf(a, b)
    await send(a, dm, 'scheduled hello')
    shift = 11 * MINUTE
    // The schedule's row is one per database: on a PostgreSQL shared with other test files, their
    // shifted clocks may have moved it on; it is due now.
    await server.ctx.db
      .update(scheduledJobs)
      .set({ nextRunAt: new Date(Date.now() + shift) })
      .where(eq(scheduledJobs.name, 'missed-message-email'))
    const ran = await server.jobs.runDue()
    expect(ran).toContain('missed-message-email')
    expect(await server.jobs.runDue()).not.toContain('missed-message-email')
    const [mail] = await emailsTo(b.email)
    expect(mail!.subject).toBe('You have 1 unread message on Workroom')
    const token = decodeURIComponent(/\/unsubscribe\?token=([^\s"&]+)/.exec(mail!.text)![1]!)

    const forged = await call(base, 'POST', '/api/attention/unsubscribe', { body: { token: `${b.user._id}.${'x'.repeat(43)}` } })
    expect(forged.status).toBe(400)
    const other = await call(base, 'POST', '/api/attention/unsubscribe', { body: { token: token.replace(b.user._id, a.user._id) } })
    expect(other.status).toBe(400)
    const off = await call(base, 'POST', '/api/attention/unsubscribe', { body: { token } })
    expect(off.status).toBe(200)
    expect(off.body.result).toEqual({ digest_email: false })
    expect((await b.api('GET', 'attention/settings')).body.result.digest_email).toBe(false)

    shift = 0
    await send(a, dm, 'after unsubscribing')
    await server.services.attention.sendDigests(new Date(Date.now() + 30 * MINUTE))
    expect(await emailsTo(b.email)).toHaveLength(1)
  })
})
