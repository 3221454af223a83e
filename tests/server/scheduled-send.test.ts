import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { remindPresetAt, schedulePresetAt } from '../../contract/later-times'
import { notificationTarget } from '../../contract/notify-kinds'
import { queuedJobs } from '../../server/db/schema'
import { FakeClock } from './call-clock'
import { channelWith, chatServer, clientId, clockedNodes, type Person, person, socketOf } from './chat-fixtures'
import { DATABASE_URL, nextEvent, REDIS_URL, silence, startTestServer } from './harness'

/**
 * Scheduled messages (scheduled/*) on the server's fake clock (never a sleep): a scheduled message
 * is sent once at its time and not before, through the normal send (the other members' sockets get
 * NEW_MESSAGE); edited or cancelled before its time; sent now; sent once after a restart between
 * scheduling and firing, and once by two nodes running their due jobs at once (PostgreSQL + Redis);
 * refused at its time when its author left the chat (failed, and the author notified). Then the
 * "Remind me about this message" presets: the instants are written here by hand, in zones with a
 * daylight-saving change, and the reminder made from one fires at that time.
 */
// The clock moves by days here: tokens outlive it (a socket's expiry timer takes at most 24 days).
const chat = chatServer({ sessions: { accessTokenTtlSeconds: 20 * 24 * 3600, maxAgeMs: 800 * 24 * 3600 * 1000 } })
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

interface Scheduled {
  _id: string
  status: string
  message: string
  send_at: string
  error: string | null
  message_id: string | null
}

const later = (ms: number) => new Date(chat.clock.now() + ms).toISOString()
async function schedule(who: Person, topicId: string, text: string, sendAt: string, client = clientId()): Promise<Scheduled> {
  const res = await who.api('POST', 'scheduled/create', { client_id: client, topic_id: topicId, message: text, send_at: sendAt })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result as Scheduled
}
/** The texts of the chat's messages that read `text`, as `who` sees them. */
async function copies(who: Person, topicId: string, text: string): Promise<string[]> {
  const res = await who.api('GET', `topic/messages?topic_id=${topicId}&page=1`)
  return (res.body.result as { message: string }[]).filter((m) => m.message === text).map((m) => m.message)
}
const statusOf = async (who: Person, id: string, topicId?: string) => {
  const res = await who.api('GET', `scheduled/list?page=1${topicId ? `&topic_id=${topicId}` : ''}`)
  return (res.body.result as Scheduled[]).find((s) => s._id === id) ?? null
}
const runDue = () => chat.server.ctx.queue.runDue()

describe('scheduled send', () => {
  it('fires once at its time and not before, through the normal send', async () => {
    const { people, generalId } = await chat.team('Ann', 'Bao')
    const [ann, bao] = people as [Person, Person]
    const baoSocket = await chat.socket(bao)
    const made = await schedule(ann, generalId, 'Stand-up in 5', later(HOUR))
    expect(made).toMatchObject({ status: 'pending', message: 'Stand-up in 5', message_id: null })
    // The same client_id again: the same one.
    const repeat = await ann.api('POST', 'scheduled/create', {
      client_id: (made as unknown as { client_id: string }).client_id,
      topic_id: generalId,
      message: 'Stand-up in 5',
      send_at: later(HOUR),
    })
    expect(repeat.body.result._id).toBe(made._id)

    chat.clock.advance(HOUR - MINUTE)
    await runDue()
    expect(await copies(bao, generalId, 'Stand-up in 5')).toEqual([])
    expect((await statusOf(ann, made._id))?.status).toBe('pending')

    const arrived = nextEvent<{ message: { message: string; sender: { _id: string } } }>(baoSocket, 'NEW_MESSAGE')
    chat.clock.advance(MINUTE)
    await runDue()
    expect(await arrived).toMatchObject({ message: { message: 'Stand-up in 5', sender: { _id: ann.user._id } } })
    await runDue()
    chat.clock.advance(DAY)
    await runDue()
    expect(await copies(bao, generalId, 'Stand-up in 5')).toEqual(['Stand-up in 5'])
    // Sent: out of the list; sending it now again answers it as sent.
    expect(await statusOf(ann, made._id)).toBeNull()
    const again = await ann.api('POST', 'scheduled/send-now', { scheduled_id: made._id })
    expect(again.body.result).toMatchObject({ status: 'sent' })
    expect(again.body.result.message_id).toEqual(expect.any(String))
    expect(await copies(bao, generalId, 'Stand-up in 5')).toEqual(['Stand-up in 5'])
  })

  it('is edited (text and time) or cancelled before it fires', async () => {
    const { people, generalId } = await chat.team('Chi', 'Dan')
    const [chi, dan] = people as [Person, Person]
    const edited = await schedule(chi, generalId, 'Draft', later(HOUR))
    const cancelled = await schedule(chi, generalId, 'Never mind', later(HOUR))

    const update = await chi.api('PUT', 'scheduled/update', { scheduled_id: edited._id, message: 'Final words', send_at: later(2 * HOUR) })
    expect(update.status).toBe(200)
    expect(update.body.result).toMatchObject({ message: 'Final words', send_at: later(2 * HOUR), status: 'pending' })
    const cancel = await chi.api('POST', 'scheduled/cancel', { scheduled_id: cancelled._id })
    expect(cancel.body.result).toMatchObject({ status: 'cancelled' })
    // Cancelling again: the same answer; changing or sending a cancelled one: 409.
    expect((await chi.api('POST', 'scheduled/cancel', { scheduled_id: cancelled._id })).body.result).toMatchObject({ status: 'cancelled' })
    expect((await chi.api('PUT', 'scheduled/update', { scheduled_id: cancelled._id, message: 'x' })).status).toBe(409)
    expect((await chi.api('POST', 'scheduled/send-now', { scheduled_id: cancelled._id })).status).toBe(409)
    expect((await chi.api('GET', `scheduled/list?topic_id=${generalId}`)).body.result.map((s: Scheduled) => s._id)).toEqual([edited._id])

    chat.clock.advance(HOUR)
    await runDue()
    expect(await copies(dan, generalId, 'Draft')).toEqual([])
    expect(await copies(dan, generalId, 'Never mind')).toEqual([])
    chat.clock.advance(HOUR)
    await runDue()
    expect(await copies(dan, generalId, 'Final words')).toEqual(['Final words'])
    expect(await copies(dan, generalId, 'Draft')).toEqual([])
  })

  it('"send now" sends it at once, once; its time then sends nothing more', async () => {
    const { people, generalId } = await chat.team('Em', 'Gia')
    const [em, gia] = people as [Person, Person]
    const giaSocket = await chat.socket(gia)
    const made = await schedule(em, generalId, 'Now rather than later', later(DAY))
    const arrived = nextEvent<{ message: { message: string } }>(giaSocket, 'NEW_MESSAGE')
    const sent = await em.api('POST', 'scheduled/send-now', { scheduled_id: made._id })
    expect(sent.status).toBe(200)
    expect(sent.body.result).toMatchObject({ status: 'sent' })
    expect(await arrived).toMatchObject({ message: { message: 'Now rather than later' } })
    chat.clock.advance(DAY)
    await runDue()
    expect(await copies(gia, generalId, 'Now rather than later')).toEqual(['Now rather than later'])
    const job = await chat.server.ctx.db
      .select({ state: queuedJobs.state })
      .from(queuedJobs)
      .where(eq(queuedJobs.key, `scheduled-send:${made._id}`))
    expect(job).toEqual([])
  })

  it('is refused at its time when its author left the chat: failed, shown as failed, and the author notified', async () => {
    const { people, channelId, generalId } = await chat.team('Hai', 'Ivy')
    const [hai, ivy] = people as [Person, Person]
    const made = await schedule(ivy, generalId, 'I will be gone by then', later(HOUR))
    expect((await ivy.api('POST', 'channel/leave', { channel_id: channelId })).status).toBe(200)
    const ivySocket = await chat.socket(ivy)
    const changed = nextEvent<{ scheduled: Scheduled }>(ivySocket, 'SCHEDULED_CHANGED')
    chat.clock.advance(HOUR)
    await runDue()
    expect(await changed).toMatchObject({ scheduled: { _id: made._id, status: 'failed', error: 'forbidden' } })
    expect(await copies(hai, generalId, 'I will be gone by then')).toEqual([])
    expect(await statusOf(ivy, made._id)).toMatchObject({ status: 'failed', error: 'forbidden' })
    const notices = (await ivy.api('GET', 'notify?page=1')).body.result as { notify_message_json: { key: string }; notifiable_id: string }[]
    expect(notices.filter((n) => n.notify_message_json?.key === 'scheduled_failed').map((n) => n.notifiable_id)).toEqual([made._id])
    // Dismissed, it leaves the list.
    expect((await ivy.api('POST', 'scheduled/cancel', { scheduled_id: made._id })).body.result).toMatchObject({ status: 'cancelled' })
    expect(await statusOf(ivy, made._id)).toBeNull()
  })

  it('limits: in the future, within a year, at most 100 waiting, in a chat the author may write in; only the author', async () => {
    const { people, generalId } = await chat.team('Kim', 'Lan')
    const [kim, lan] = people as [Person, Person]
    const { people: others } = await chat.team('Mai')
    const [mai] = others as [Person]
    const refused = async (sendAt: string) => {
      const res = await kim.api('POST', 'scheduled/create', { client_id: clientId(), topic_id: generalId, message: 'Hi', send_at: sendAt })
      expect(res.status).toBe(400)
      return Object.keys(res.body.errors)
    }
    expect(await refused(later(-MINUTE))).toEqual(['send_at'])
    expect(await refused(later(0))).toEqual(['send_at'])
    expect(await refused(later(366 * DAY))).toEqual(['send_at'])
    expect(await refused('tomorrow')).toEqual(['send_at'])
    await schedule(kim, generalId, 'Far ahead', later(365 * DAY))
    const empty = await kim.api('POST', 'scheduled/create', {
      client_id: clientId(),
      topic_id: generalId,
      message: '  ',
      send_at: later(HOUR),
    })
    expect(Object.keys(empty.body.errors)).toEqual(['message'])
    // A chat Mai is not in: 403; someone else's scheduled message: 404.
    const stranger = await mai.api('POST', 'scheduled/create', {
      client_id: clientId(),
      topic_id: generalId,
      message: 'Hi',
      send_at: later(HOUR),
    })
    expect(stranger.status).toBe(403)
    const mine = await schedule(kim, generalId, 'Mine', later(HOUR))
    expect((await lan.api('PUT', 'scheduled/update', { scheduled_id: mine._id, message: 'Theirs' })).status).toBe(404)
    expect((await lan.api('POST', 'scheduled/cancel', { scheduled_id: mine._id })).status).toBe(404)
    expect((await lan.api('POST', 'scheduled/send-now', { scheduled_id: mine._id })).status).toBe(404)
    expect(await statusOf(lan, mine._id)).toBeNull()
    const tooLate = await kim.api('PUT', 'scheduled/update', { scheduled_id: mine._id, send_at: later(-HOUR) })
    expect(Object.keys(tooLate.body.errors)).toEqual(['send_at'])

    for (let i = 2; i < 100; i++) await schedule(kim, generalId, `Batch ${i}`, later(HOUR + i * MINUTE))
    const full = await kim.api('POST', 'scheduled/create', {
      client_id: clientId(),
      topic_id: generalId,
      message: 'One more',
      send_at: later(HOUR),
    })
    expect(full.status).toBe(400)
    expect(Object.keys(full.body.errors)).toEqual(['send_at'])
    // Cancelling one makes room again.
    expect((await kim.api('POST', 'scheduled/cancel', { scheduled_id: mine._id })).status).toBe(200)
    await schedule(kim, generalId, 'One more', later(HOUR))
  })
})

describe('scheduled send across a restart', () => {
  it('a server stopped between scheduling and firing, and another started on the same data, sends it once', async () => {
    const clock = new FakeClock(Date.parse('2031-02-03T10:00:00Z'))
    const options = { now: clock.now, setTimer: clock.setTimer, sessions: { accessTokenTtlSeconds: 10 * 24 * 3600 } }
    const first = await startTestServer(options)
    let second: Awaited<ReturnType<typeof startTestServer>> | undefined
    try {
      const [ann, bao] = await Promise.all([person(first.url, 'Ann'), person(first.url, 'Bao')])
      const { generalId } = await channelWith(ann, [bao])
      const made = await ann.api('POST', 'scheduled/create', {
        client_id: clientId(),
        topic_id: generalId,
        message: 'Survives a restart',
        send_at: '2031-02-03T12:00:00Z',
      })
      expect(made.status).toBe(200)
      // The first server goes away (its data stays); the second opens the same data.
      await first.close()
      second = await startTestServer({ ...options, ...(DATABASE_URL ? {} : { pgliteDir: path.join(first.dataDir, 'pglite') }) })
      const api = (who: Person) => ({ ...who, api: (m: string, u: string, b?: unknown) => call2(second!.url, who, m, u, b) })
      const [ann2, bao2] = [api(ann), api(bao)]
      clock.advance(2 * HOUR)
      await second.ctx.queue.runDue()
      await second.ctx.queue.runDue()
      const history = await bao2.api('GET', `topic/messages?topic_id=${generalId}&page=1`)
      expect((history.body.result as { message: string }[]).filter((m) => m.message === 'Survives a restart')).toHaveLength(1)
      expect((await ann2.api('GET', 'scheduled/list')).body.result).toEqual([])
    } finally {
      await second?.stop()
      await first.stop().catch(() => undefined)
    }
  })
})

async function call2(base: string, who: Person, method: string, url: string, body?: unknown) {
  const { call } = await import('./harness')
  return call(base, method, `/api/${url}`, { token: who.access_token, body })
}

describe.runIf(DATABASE_URL && REDIS_URL)('scheduled send on two nodes (PostgreSQL + Redis)', () => {
  const nodes = clockedNodes(Date.parse('2031-06-02T08:00:00Z'))
  it('both nodes running their due jobs at once send it once; a member on the other node gets it live', async () => {
    const [owner, member] = await Promise.all([person(nodes.one.url, 'Owner'), person(nodes.one.url, 'Member')])
    const { generalId } = await channelWith(owner, [member])
    const socket = nodes.keep(await socketOf(nodes.two.url, member))
    const made = await owner.api('POST', 'scheduled/create', {
      client_id: clientId(),
      topic_id: generalId,
      message: 'Once across nodes',
      send_at: '2031-06-02T09:00:00Z',
    })
    expect(made.status).toBe(200)
    const arrived = nextEvent<{ message: { message: string } }>(socket, 'NEW_MESSAGE')
    nodes.clock.advance(HOUR)
    await nodes.bothRunDue()
    await nodes.bothRunDue()
    expect(await arrived).toMatchObject({ message: { message: 'Once across nodes' } })
    expect(await silence(socket, 'NEW_MESSAGE')).toBe(true)
    const history = await member.api('GET', `topic/messages?topic_id=${generalId}&page=1`)
    expect((history.body.result as { message: string }[]).filter((m) => m.message === 'Once across nodes')).toHaveLength(1)
    const jobs = await nodes.one.ctx.db
      .select({ state: queuedJobs.state })
      .from(queuedJobs)
      .where(and(eq(queuedJobs.key, `scheduled-send:${made.body.result._id}`)))
    expect(jobs.map((j) => j.state)).toEqual(['done'])
  })
})

describe('"Remind me about this message" presets', () => {
  it('computes the times in the reader’s zone across daylight-saving changes (instants written by hand)', () => {
    // Berlin, Saturday 30 March 2030 21:30 CET (UTC+1); the clocks go forward on Sunday 31 March at 02:00.
    const saturdayEvening = new Date('2030-03-30T20:30:00Z')
    expect(remindPresetAt('20m', saturdayEvening, 'Europe/Berlin').toISOString()).toBe('2030-03-30T20:50:00.000Z')
    expect(remindPresetAt('1h', saturdayEvening, 'Europe/Berlin').toISOString()).toBe('2030-03-30T21:30:00.000Z')
    expect(remindPresetAt('2h', saturdayEvening, 'Europe/Berlin').toISOString()).toBe('2030-03-30T22:30:00.000Z')
    // Sunday 09:00 CEST (UTC+2).
    expect(remindPresetAt('tomorrow', saturdayEvening, 'Europe/Berlin').toISOString()).toBe('2030-03-31T07:00:00.000Z')
    expect(schedulePresetAt('monday', saturdayEvening, 'Europe/Berlin').toISOString()).toBe('2030-04-01T07:00:00.000Z')
    // 00:30 on Sunday in Berlin (23:30 UTC on Saturday): tomorrow is Monday.
    const afterMidnight = new Date('2030-03-30T23:30:00Z')
    expect(remindPresetAt('tomorrow', afterMidnight, 'Europe/Berlin').toISOString()).toBe('2030-04-01T07:00:00.000Z')
    // New York, Saturday 2 November 2030 19:00 EDT (UTC-4); the clocks go back on Sunday 3 November at 02:00.
    const newYork = new Date('2030-11-02T23:00:00Z')
    expect(remindPresetAt('tomorrow', newYork, 'America/New_York').toISOString()).toBe('2030-11-03T14:00:00.000Z')
    expect(schedulePresetAt('tomorrow', newYork, 'America/New_York').toISOString()).toBe('2030-11-03T14:00:00.000Z')
    // On a Monday, "Monday" is next week's: Monday 4 November 2030 08:00 EST is before 09:00.
    expect(schedulePresetAt('monday', new Date('2030-11-04T13:00:00Z'), 'America/New_York').toISOString()).toBe('2030-11-11T14:00:00.000Z')
  })

  it('a preset makes one personal reminder about the message, linked to it, that fires at that time', async () => {
    const { people, generalId } = await chat.team('Nga', 'Oanh')
    const [nga, oanh] = people as [Person, Person]
    const sent = await oanh.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message: 'Review the budget' })
    const message = sent.body.result as { _id: string; seq: number }
    const start = remindPresetAt('20m', new Date(chat.clock.now()), 'Europe/Berlin')
    expect(start.getTime()).toBe(chat.clock.now() + 20 * MINUTE)
    const created = await nga.api('POST', 'calendar/create', {
      client_id: clientId(),
      kind: 'reminder',
      title: 'Review the budget',
      message_id: message._id,
      start: start.toISOString(),
      time_zone: 'Europe/Berlin',
    })
    expect(created.status).toBe(200)
    const eventId = created.body.result._id as string
    const info = await nga.api('GET', `calendar/info?event_id=${eventId}`)
    expect(info.body.result).toMatchObject({
      type: 'personal',
      topic_id: null,
      message_id: message._id,
      message_link: { topic_id: generalId, seq: message.seq },
      start: start.toISOString(),
    })
    const notices = async () =>
      ((await nga.api('GET', 'notify?page=1')).body.result as Parameters<typeof notificationTarget>[0][]).filter(
        (n) => n.notifiable_id === eventId,
      )
    chat.clock.advance(19 * MINUTE)
    await runDue()
    expect(await notices()).toHaveLength(0)
    chat.clock.advance(MINUTE)
    await runDue()
    const [notice] = await notices()
    expect(notice?.value).toMatchObject({ key: 'calendar_notification', topic_id: generalId, seq: message.seq })
    // Its notification opens the chat on the message.
    expect(notificationTarget(notice!)).toBe(`/chat/${generalId}?seq=${message.seq}`)
  })
})
