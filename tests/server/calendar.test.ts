import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarEvents, queuedJobs } from '../../server/db/schema'
import { FakeClock } from './call-clock'
import {
  type Account,
  call,
  connected,
  nextEvent,
  register,
  silence,
  socketFor,
  startTestServer,
  statementRecorder,
  type TestServer,
} from './harness'

/**
 * The server side of the calendar (calendar/*, issue 25): reminders (personal, and group ones in a
 * chat) and tasks; recurrence in the event's time zone (the expected instants are written out here
 * by hand, not computed by the server's code); skipped and moved occurrences; the task statechart's
 * moves by role (the table below is written from the spec, not read off contract's TASK_MOVES); the
 * reminder job firing once per occurrence on the server's fake clock (never a sleep); a group
 * reminder's message; the iCalendar file and the private feed (parsed with ical.js).
 */
const clock = new FakeClock(Date.parse('2030-03-04T08:00:00Z'))
let server: TestServer
const open: Socket[] = []
const statements = statementRecorder()

beforeAll(async () => {
  server = await startTestServer({
    now: clock.now,
    setTimer: clock.setTimer,
    onQuery: statements.onQuery,
    // The clock moves by days here: tokens outlive it (a socket's expiry timer takes at most 24 days).
    sessions: { accessTokenTtlSeconds: 20 * 24 * 3600, maxAgeMs: 400 * 24 * 3600 * 1000 },
  })
})
afterAll(async () => {
  for (const s of open) s.disconnect()
  await server?.stop()
})

interface Person extends Account {
  api(method: string, url: string, body?: unknown): ReturnType<typeof call>
}
async function person(name: string): Promise<Person> {
  const account = await register(server.url, { name })
  return { ...account, api: (method, url, body) => call(server.url, method, `/api/${url}`, { token: account.access_token, body }) }
}
const id = () => crypto.randomUUID()
const iso = (ms: number) => new Date(ms).toISOString()
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** An owner's channel whose General holds the others. */
async function team(...names: string[]) {
  const people = await Promise.all(names.map((n) => person(n)))
  const [owner, ...others] = people as [Person, ...Person[]]
  const created = await owner.api('POST', 'channel/create', { name: 'Team', is_public: true })
  expect(created.status).toBe(200)
  const channelId = created.body.result._id as string
  for (const m of others) expect((await m.api('POST', 'channel/join', { channel_id: channelId })).status).toBe(200)
  const topics = await owner.api('GET', `topic-in-channel?channel_id=${channelId}`)
  return { people, channelId, generalId: topics.body.result[0]._id as string }
}

async function friends(a: Person, b: Person) {
  expect((await a.api('POST', 'relates/add-friend', { customer_id: b.user._id })).status).toBe(200)
  expect((await b.api('POST', 'relates/accept-friend', { customer_id: a.user._id })).status).toBe(200)
}

interface EventView {
  _id: string
  kind: 'reminder' | 'task'
  type: string
  title: string
  note: string
  topic_id: string | null
  topic_name: string | null
  message_id: string | null
  start: string
  end: string | null
  time_zone: string
  rrule: string | null
  exceptions: { occurrence: string; start: string | null }[]
  remind_minutes: number
  creator: { _id: string; name: string }
  assignees: { _id: string; name: string }[]
  status: string | null
  created_at: string
  updated_at: string
}
interface OccurrenceView {
  event: EventView
  occurrence: string
  start: string
  end: string | null
  remind_at: string
  moved: boolean
}
type ListView = Record<'group' | 'personal' | 'assign_by' | 'assign_to', OccurrenceView[]>

async function create(who: Person, over: Record<string, unknown>): Promise<EventView> {
  const res = await who.api('POST', 'calendar/create', { client_id: id(), kind: 'reminder', title: 'Stand-up', time_zone: 'UTC', ...over })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result
}
async function list(who: Person, from: string, to: string, extra = ''): Promise<ListView> {
  const res = await who.api('GET', `calendar/list?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${extra}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result
}
const starts = (items: OccurrenceView[]) => items.map((o) => o.start)
const setStatus = (who: Person, eventId: string, status: string) => who.api('PUT', 'calendar/status', { event_id: eventId, status })

/** The caller's calendar notifications, oldest first: [key, event id, time]. */
async function calendarNotifications(who: Person): Promise<[string, string, string][]> {
  const res = await who.api('GET', 'notify?page=1')
  expect(res.status).toBe(200)
  return (
    res.body.result as { notifiable_type: string; notifiable_id: string; time: string; notify_message_json: { key: string } | null }[]
  )
    .filter((n) => n.notifiable_type === 'calendar')
    .map((n): [string, string, string] => [n.notify_message_json!.key, n.notifiable_id, n.time])
    .reverse()
}

/** Moves the clock and runs the queue's due jobs at its time. */
async function advance(ms: number) {
  clock.advance(ms)
  await server.ctx.queue.runDue()
}

async function socket(who: Person): Promise<Socket> {
  const s = socketFor(server.url, { token: who.access_token })
  await connected(s)
  open.push(s)
  return s
}

describe('reminders: create, info, list, update, delete', () => {
  it('a personal reminder is its creator’s alone; create is idempotent on client_id', async () => {
    const [me, other] = await Promise.all([person('Me'), person('Other')])
    const body = { client_id: id(), kind: 'reminder', title: '  Call the bank  ', start: '2030-03-06T09:30:00.000Z', time_zone: 'UTC' }
    const res = await me.api('POST', 'calendar/create', body)
    expect(res.status).toBe(200)
    const event = res.body.result as EventView
    expect(event).toMatchObject({
      kind: 'reminder',
      type: 'personal',
      title: 'Call the bank',
      note: '',
      topic_id: null,
      topic_name: null,
      message_id: null,
      start: '2030-03-06T09:30:00.000Z',
      end: null,
      time_zone: 'UTC',
      rrule: null,
      exceptions: [],
      remind_minutes: 0,
      creator: { _id: me.user._id, name: 'Me' },
      assignees: [],
      status: null,
      created_at: iso(clock.now()),
      updated_at: iso(clock.now()),
    })
    // A retry after a lost answer: the same event, no second row.
    const again = await me.api('POST', 'calendar/create', { ...body, title: 'Something else' })
    expect(again.body.result).toMatchObject({ _id: event._id, title: 'Call the bank' })
    expect(await server.ctx.db.select().from(calendarEvents).where(eq(calendarEvents.clientId, body.client_id))).toHaveLength(1)
    // Another person's same client_id is their own event.
    expect((await create(other, { client_id: body.client_id, start: '2030-03-06T10:00:00Z' }))._id).not.toBe(event._id)

    expect((await me.api('GET', `calendar/info?event_id=${event._id}`)).body.result.title).toBe('Call the bank')
    for (const refused of [
      await other.api('GET', `calendar/info?event_id=${event._id}`),
      await other.api('PUT', 'calendar/update', { event_id: event._id, title: 'Mine' }),
      await other.api('DELETE', 'calendar/delete', { event_id: event._id }),
      await other.api('GET', `calendar/ics?event_id=${event._id}`),
      await me.api('GET', `calendar/info?event_id=${id()}`),
    ])
      expect(refused.status).toBe(404)

    // The range is [from, to): an occurrence at `from` counts, one at `to` does not.
    expect(starts((await list(me, '2030-03-06T09:30:00Z', '2030-03-06T10:00:00Z')).personal)).toEqual(['2030-03-06T09:30:00.000Z'])
    expect((await list(me, '2030-03-06T09:00:00Z', '2030-03-06T09:30:00Z')).personal).toEqual([])
    expect((await list(other, '2030-03-06T00:00:00Z', '2030-03-07T00:00:00Z')).personal.map((o) => o.event._id)).not.toContain(event._id)

    clock.advance(1_000)
    const changed = await me.api('PUT', 'calendar/update', {
      event_id: event._id,
      title: 'Call the bank back',
      end: '2030-03-06T10:00:00Z',
      remind_minutes: 15,
    })
    expect(changed.status).toBe(200)
    expect(changed.body.result).toMatchObject({
      title: 'Call the bank back',
      end: '2030-03-06T10:00:00.000Z',
      remind_minutes: 15,
      updated_at: iso(clock.now()),
    })
    // With an end, an occurrence overlapping the range counts.
    const overlapping = await list(me, '2030-03-06T09:45:00Z', '2030-03-06T12:00:00Z')
    expect(overlapping.personal).toEqual([
      expect.objectContaining({
        occurrence: '2030-03-06T09:30:00.000Z',
        start: '2030-03-06T09:30:00.000Z',
        end: '2030-03-06T10:00:00.000Z',
        remind_at: '2030-03-06T09:15:00.000Z',
        moved: false,
      }),
    ])
    expect((await list(me, '2030-03-06T10:00:00Z', '2030-03-06T12:00:00Z')).personal).toEqual([])

    const backwards = await me.api('PUT', 'calendar/update', { event_id: event._id, end: '2030-03-06T09:00:00Z' })
    expect(backwards.status).toBe(400)
    expect(Object.keys(backwards.body.errors)).toEqual(['end'])
    expect((await me.api('PUT', 'calendar/update', { event_id: event._id })).status).toBe(400)

    const deleted = await me.api('DELETE', 'calendar/delete', { event_id: event._id })
    expect(deleted.body.result).toEqual({ event_id: event._id })
    expect((await me.api('GET', `calendar/info?event_id=${event._id}`)).status).toBe(404)
  })

  it('bad input: clear 400s with field messages', async () => {
    const me = await person('Me')
    const base = { client_id: id(), kind: 'reminder', title: 'Plan', start: '2030-03-10T09:00:00Z', time_zone: 'UTC' }
    const cases: [Record<string, unknown>, string][] = [
      [{ rrule: 'FREQ=DAILY;FOO=1' }, 'rrule'],
      [{ rrule: 'FREQ=MONTHLY;BYDAY=+6MO' }, 'rrule'],
      [{ rrule: 'FREQ=DAILY;BYHOUR=9' }, 'rrule'],
      [{ rrule: 'FREQ=DAILY;COUNT=3;UNTIL=20300401T000000Z' }, 'rrule'],
      // The 30th of February never comes.
      [{ rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, 'rrule'],
      [{ rrule: 'FREQ=DAILY;UNTIL=20200101' }, 'rrule'],
      [{ rrule: 'FREQ=HOURLY' }, 'rrule'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ end: '2030-03-10T08:00:00Z' }, 'end'],
      [{ start: '2300-01-01T00:00:00Z' }, 'start'],
      [{ assignee_ids: [me.user._id] }, 'assignee_ids'],
      [{ kind: 'task' }, 'assignee_ids'],
    ]
    for (const [over, field] of cases) {
      const res = await me.api('POST', 'calendar/create', { ...base, client_id: id(), ...over })
      expect([JSON.stringify(over), res.status]).toEqual([JSON.stringify(over), 400])
      expect([JSON.stringify(over), Object.keys(res.body.errors ?? {})]).toEqual([JSON.stringify(over), [field]])
    }
    // A chat or message that is not there: 404.
    expect((await me.api('POST', 'calendar/create', { ...base, client_id: id(), topic_id: id() })).status).toBe(404)
    expect((await me.api('POST', 'calendar/create', { ...base, client_id: id(), message_id: id() })).status).toBe(404)
    expect(await server.ctx.db.select().from(calendarEvents).where(eq(calendarEvents.creatorId, me.user._id))).toEqual([])
  })
})

describe('recurrence in the event’s time zone', () => {
  it('a weekly reminder at 09:00 Europe/Berlin stays at 09:00 local across the change to summer time (31 March 2030)', async () => {
    const me = await person('Me')
    const weekly = await create(me, {
      start: '2030-03-18T08:00:00Z',
      end: '2030-03-18T08:30:00Z',
      time_zone: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY;COUNT=4',
      remind_minutes: 10,
    })
    const got = (await list(me, '2030-03-01T00:00:00Z', '2030-05-01T00:00:00Z')).personal
    // 09:00 CET is 08:00 UTC; from 31 March 09:00 CEST is 07:00 UTC.
    expect(got.map((o) => [o.start, o.end, o.remind_at])).toEqual([
      ['2030-03-18T08:00:00.000Z', '2030-03-18T08:30:00.000Z', '2030-03-18T07:50:00.000Z'],
      ['2030-03-25T08:00:00.000Z', '2030-03-25T08:30:00.000Z', '2030-03-25T07:50:00.000Z'],
      ['2030-04-01T07:00:00.000Z', '2030-04-01T07:30:00.000Z', '2030-04-01T06:50:00.000Z'],
      ['2030-04-08T07:00:00.000Z', '2030-04-08T07:30:00.000Z', '2030-04-08T06:50:00.000Z'],
    ])
    expect(got.every((o) => o.event._id === weekly._id && o.occurrence === o.start && !o.moved)).toBe(true)
  })

  it('a daily reminder at 09:00 America/New_York across the end of summer time (3 November 2030)', async () => {
    const me = await person('Me')
    await create(me, { start: '2030-11-01T13:00:00Z', time_zone: 'America/New_York', rrule: 'FREQ=DAILY' })
    expect(starts((await list(me, '2030-11-01T00:00:00Z', '2030-11-05T00:00:00Z')).personal)).toEqual([
      '2030-11-01T13:00:00.000Z',
      '2030-11-02T13:00:00.000Z',
      '2030-11-03T14:00:00.000Z',
      '2030-11-04T14:00:00.000Z',
    ])
  })

  it('monthly on the 31st as the rrule library has it: months without a 31st are left out', async () => {
    const me = await person('Me')
    await create(me, { start: '2030-01-31T10:00:00Z', rrule: 'FREQ=MONTHLY;COUNT=5' })
    expect(starts((await list(me, '2030-01-01T00:00:00Z', '2030-04-11T00:00:00Z')).personal)).toEqual([
      '2030-01-31T10:00:00.000Z',
      '2030-03-31T10:00:00.000Z',
    ])
    expect(starts((await list(me, '2030-04-11T00:00:00Z', '2030-07-20T00:00:00Z')).personal)).toEqual(['2030-05-31T10:00:00.000Z'])
    // COUNT=5 ends with August.
    expect(starts((await list(me, '2030-07-20T00:00:00Z', '2030-10-28T00:00:00Z')).personal)).toEqual([
      '2030-07-31T10:00:00.000Z',
      '2030-08-31T10:00:00.000Z',
    ])
  })

  it('skip, move and restore one occurrence; a moved one shows in the range of its new time', async () => {
    const me = await person('Me')
    const weekly = await create(me, {
      start: '2030-03-18T08:00:00Z',
      end: '2030-03-18T09:00:00Z',
      time_zone: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY;COUNT=4',
    })
    const exception = (body: Record<string, unknown>) => me.api('PUT', 'calendar/exception', { event_id: weekly._id, ...body })
    expect((await exception({ occurrence: '2030-03-25T08:00:00Z', action: 'skip' })).status).toBe(200)
    const moved = await exception({ occurrence: '2030-04-01T07:00:00Z', action: 'move', start: '2030-04-02T15:00:00Z' })
    expect(moved.status).toBe(200)
    expect(moved.body.result.exceptions).toEqual([
      { occurrence: '2030-03-25T08:00:00.000Z', start: null },
      { occurrence: '2030-04-01T07:00:00.000Z', start: '2030-04-02T15:00:00.000Z' },
    ])
    const got = (await list(me, '2030-03-01T00:00:00Z', '2030-05-01T00:00:00Z')).personal
    expect(got.map((o) => [o.occurrence, o.start, o.end, o.moved])).toEqual([
      ['2030-03-18T08:00:00.000Z', '2030-03-18T08:00:00.000Z', '2030-03-18T09:00:00.000Z', false],
      ['2030-04-01T07:00:00.000Z', '2030-04-02T15:00:00.000Z', '2030-04-02T16:00:00.000Z', true],
      ['2030-04-08T07:00:00.000Z', '2030-04-08T07:00:00.000Z', '2030-04-08T08:00:00.000Z', false],
    ])
    // Only its new time counts for a range.
    expect(starts((await list(me, '2030-04-01T00:00:00Z', '2030-04-02T00:00:00Z')).personal)).toEqual([])
    expect(starts((await list(me, '2030-04-02T00:00:00Z', '2030-04-03T00:00:00Z')).personal)).toEqual(['2030-04-02T15:00:00.000Z'])

    // Not an occurrence of the rule, an event that does not repeat, a move without its time: 400.
    const wrongTime = await exception({ occurrence: '2030-03-26T08:00:00Z', action: 'skip' })
    expect(wrongTime.status).toBe(400)
    expect(Object.keys(wrongTime.body.errors)).toEqual(['occurrence'])
    expect((await exception({ occurrence: '2030-04-01T07:00:00Z', action: 'move' })).status).toBe(400)
    const once = await create(me, { start: '2030-03-20T08:00:00Z' })
    const single = await me.api('PUT', 'calendar/exception', { event_id: once._id, occurrence: '2030-03-20T08:00:00Z', action: 'skip' })
    expect(single.status).toBe(400)
    expect(Object.keys(single.body.errors)).toEqual(['occurrence'])

    expect((await exception({ occurrence: '2030-03-25T08:00:00Z', action: 'restore' })).status).toBe(200)
    expect(starts((await list(me, '2030-03-24T00:00:00Z', '2030-03-26T00:00:00Z')).personal)).toEqual(['2030-03-25T08:00:00.000Z'])
    // A new start for the series drops its exceptions (they named occurrences of the old one).
    const renewed = await me.api('PUT', 'calendar/update', {
      event_id: weekly._id,
      start: '2030-03-19T08:00:00Z',
      end: '2030-03-19T09:00:00Z',
    })
    expect(renewed.body.result.exceptions).toEqual([])
    // An end before the (kept) start: 400 on end.
    const early = await me.api('PUT', 'calendar/update', { event_id: weekly._id, end: '2030-03-19T07:00:00Z' })
    expect([early.status, Object.keys(early.body.errors)]).toEqual([400, ['end']])
  })
})

describe('groups and tasks', () => {
  it('list groups by relation, and filters by type, chat, channel and status', async () => {
    const { people, channelId, generalId } = await team('Owner', 'Me')
    const [owner, me] = people as [Person, Person]
    const stranger = await person('Stranger')
    const at = '2030-06-03T09:00:00Z'
    const personal = await create(me, { start: at, title: 'Mine' })
    const group = await create(owner, { start: at, title: 'Team', topic_id: generalId })
    const byMe = await create(me, { kind: 'task', start: at, title: 'For the owner', topic_id: generalId, assignee_ids: [owner.user._id] })
    const toMe = await create(owner, { kind: 'task', start: at, title: 'For me', topic_id: generalId, assignee_ids: [me.user._id] })
    const theirs = await create(owner, {
      kind: 'task',
      start: at,
      title: 'Owner alone',
      topic_id: generalId,
      assignee_ids: [owner.user._id],
    })
    const ids = (items: OccurrenceView[]) => items.map((o) => o.event._id).sort()
    const day = ['2030-06-03T00:00:00Z', '2030-06-04T00:00:00Z'] as const

    const all = await list(me, ...day)
    expect(ids(all.personal)).toEqual([personal._id])
    // Another member's task in a chat I am in is the chat's.
    expect(ids(all.group)).toEqual([group._id, theirs._id].sort())
    expect(ids(all.assign_by)).toEqual([byMe._id])
    expect(ids(all.assign_to)).toEqual([toMe._id])
    expect(all.assign_to[0]!.event).toMatchObject({ type: 'assign_to', status: 'pending', topic_name: 'General' })

    expect(ids((await list(me, ...day, '&type=assign_to')).assign_to)).toEqual([toMe._id])
    expect(Object.values(await list(me, ...day, '&type=assign_to')).flat()).toHaveLength(1)
    const inChat = await list(me, ...day, `&topic_id=${generalId}`)
    expect(inChat.personal).toEqual([])
    expect(Object.values(inChat).flat()).toHaveLength(4)
    expect(Object.values(await list(me, ...day, `&channel_id=${channelId}`)).flat()).toHaveLength(4)
    expect((await setStatus(me, toMe._id, 'todo')).status).toBe(200)
    expect(
      Object.values(await list(me, ...day, '&status=todo'))
        .flat()
        .map((o) => o.event._id),
    ).toEqual([toMe._id])

    // A stranger sees none of it, and is refused the chat's and channel's lists.
    expect(Object.values(await list(stranger, ...day)).flat()).toEqual([])
    expect((await stranger.api('GET', `calendar/list?from=${day[0]}&to=${day[1]}&topic_id=${generalId}`)).status).toBe(403)
    expect((await stranger.api('GET', `calendar/list?from=${day[0]}&to=${day[1]}&channel_id=${channelId}`)).status).toBe(403)
    expect((await stranger.api('GET', `calendar/info?event_id=${group._id}`)).status).toBe(404)
    // More than 100 days, or backwards: 400 on `to`.
    const long = await me.api('GET', 'calendar/list?from=2030-01-01T00:00:00Z&to=2030-06-01T00:00:00Z')
    expect(long.status).toBe(400)
    expect(Object.keys(long.body.errors)).toEqual(['to'])
  })

  it('calendar/list runs the same two statements for one event as for many, repeating or not', async () => {
    const [few, many] = await Promise.all([person('Few'), person('Many')])
    await create(few, { start: '2030-08-05T09:00:00Z' })
    for (let i = 0; i < 6; i++) {
      await create(many, { start: `2030-08-0${i + 1}T09:00:00Z` })
      await create(many, { start: `2030-07-2${i}T09:00:00Z`, rrule: 'FREQ=DAILY', end: `2030-07-2${i}T10:00:00Z` })
    }
    const url = 'calendar/list?from=2030-08-01T00:00:00Z&to=2030-08-08T00:00:00Z'
    // The calendar's own statements: sockets of earlier files on this worker's server may still be
    // closing meanwhile (their calls' and pushes' statements seen in CI's PostgreSQL pass).
    const statementsOf = async (who: Person) =>
      (
        await statements.statementsOf(
          async () => expect((await who.api('GET', url)).status).toBe(200),
          () => who.api('GET', 'customer/user-info'),
        )
      ).filter((statement) => statement.includes('calendar_'))
    const small = await statementsOf(few)
    const large = await statementsOf(many)
    expect(Object.values((await many.api('GET', url)).body.result as ListView).flat()).toHaveLength(6 + 6 * 7)
    expect(large).toHaveLength(small.length)
    expect(large.length).toBeLessThanOrEqual(2)
  })

  it('a group where reminders are admins-only refuses a member’s group reminder; an admin’s is fine, and so is the member’s own', async () => {
    const { people, generalId } = await team('Owner', 'Member')
    const [owner, member] = people as [Person, Person]
    expect((await owner.api('PUT', 'topic/permission', { topic_id: generalId, permission: { reminder: 1 } })).status).toBe(200)
    const body = { client_id: id(), kind: 'reminder', title: 'Retro', start: '2030-06-10T09:00:00Z', time_zone: 'UTC', topic_id: generalId }
    const refused = await member.api('POST', 'calendar/create', body)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Only admins can create reminders in this group.')
    expect((await owner.api('POST', 'calendar/create', { ...body, client_id: id() })).status).toBe(200)
    expect((await member.api('POST', 'calendar/create', { ...body, client_id: id(), topic_id: null })).status).toBe(200)
    // A member changes or deletes the owner's group reminder: 403; admins may.
    const group = await create(owner, { topic_id: generalId, start: '2030-06-11T09:00:00Z' })
    expect((await member.api('PUT', 'calendar/update', { event_id: group._id, title: 'Mine' })).status).toBe(403)
    expect((await member.api('DELETE', 'calendar/delete', { event_id: group._id })).status).toBe(403)
    const seen = await member.api('GET', `calendar/info?event_id=${group._id}`)
    expect(seen.status).toBe(200)
    expect(seen.body.result.can_manage).toBe(false)
    expect((await owner.api('GET', `calendar/info?event_id=${group._id}`)).body.result.can_manage).toBe(true)
    // Once members may make group reminders again, the member's own is theirs to change, and the admin's too.
    expect((await owner.api('PUT', 'topic/permission', { topic_id: generalId, permission: { reminder: 0 } })).status).toBe(200)
    const members = await create(member, { topic_id: generalId, start: '2030-06-12T09:00:00Z' })
    expect((await member.api('GET', `calendar/info?event_id=${members._id}`)).body.result.can_manage).toBe(true)
    expect((await owner.api('GET', `calendar/info?event_id=${members._id}`)).body.result.can_manage).toBe(true)
    expect((await owner.api('PUT', 'calendar/update', { event_id: members._id, title: 'Retro (moved)' })).status).toBe(200)
  })

  it('a reminder about a message: one the caller can read, in the event’s chat when it has one', async () => {
    const { people, generalId } = await team('Owner', 'Member')
    const [owner, member] = people as [Person, Person]
    const outsider = await person('Outsider')
    const sent = await owner.api('POST', 'message/send', { topic_id: generalId, message: 'Invoice due Friday', client_id: id() })
    const messageId = sent.body.result._id as string
    expect((await create(member, { message_id: messageId, start: '2030-06-14T09:00:00Z' })).message_id).toBe(messageId)
    expect((await create(member, { message_id: messageId, topic_id: generalId, start: '2030-06-14T09:00:00Z' })).message_id).toBe(messageId)
    const body = { kind: 'reminder', title: 'About it', start: '2030-06-14T09:00:00Z', time_zone: 'UTC', message_id: messageId }
    expect((await outsider.api('POST', 'calendar/create', { ...body, client_id: id() })).status).toBe(404)
    // Another chat than the message's: 400 on message_id.
    const chat = await member.api('GET', `topic/chat-friend?customer_id=${owner.user._id}`)
    expect(chat.status).toBe(200)
    const elsewhere = await member.api('POST', 'calendar/create', { ...body, client_id: id(), topic_id: chat.body.result._id })
    expect(elsewhere.status).toBe(400)
    expect(Object.keys(elsewhere.body.errors)).toEqual(['message_id'])
  })

  it('task assignees: members of its chat, or without one the creator’s friends or the creator', async () => {
    const { people, generalId } = await team('Owner', 'Member')
    const [owner, member] = people as [Person, Person]
    const [friend, stranger] = await Promise.all([person('Friend'), person('Stranger')])
    await friends(owner, friend)
    const task = { client_id: id(), kind: 'task', title: 'Report', start: '2030-06-20T17:00:00Z', time_zone: 'UTC' }
    const outsider = await owner.api('POST', 'calendar/create', { ...task, topic_id: generalId, assignee_ids: [stranger.user._id] })
    expect(outsider.status).toBe(400)
    expect(Object.keys(outsider.body.errors)).toEqual(['assignee_ids'])
    const notFriend = await owner.api('POST', 'calendar/create', { ...task, client_id: id(), assignee_ids: [member.user._id] })
    expect(notFriend.status).toBe(400)
    const personalTask = await create(owner, { ...task, client_id: id(), assignee_ids: [friend.user._id, owner.user._id] })
    expect(personalTask.assignees.map((a) => a.name)).toEqual(['Friend', 'Owner'])
    // The friend sees it (assign_to) without sharing a chat; a stranger does not.
    expect((await friend.api('GET', `calendar/info?event_id=${personalTask._id}`)).body.result.type).toBe('assign_to')
    expect((await stranger.api('GET', `calendar/info?event_id=${personalTask._id}`)).status).toBe(404)
    const inChat = await create(owner, { ...task, client_id: id(), topic_id: generalId, assignee_ids: [member.user._id] })
    expect(inChat.assignees.map((a) => a.name)).toEqual(['Member'])
    const reassigned = await owner.api('PUT', 'calendar/update', { event_id: inChat._id, assignee_ids: [owner.user._id, member.user._id] })
    expect(reassigned.body.result.assignees.map((a: { name: string }) => a.name)).toEqual(['Member', 'Owner'])
    expect((await owner.api('PUT', 'calendar/update', { event_id: inChat._id, assignee_ids: [] })).status).toBe(400)
  })

  /**
   * Who may move a task from which status to which, written from the spec (section 4): the
   * assignee accepts or rejects a pending task, starts, finishes, gives up, and reopens their own
   * finished one; the assigner cancels an open task and reopens an ended one.
   */
  const ALLOWED: Record<string, ('assignee' | 'assigner')[]> = {
    'pending>todo': ['assignee'],
    'pending>cancel': ['assignee', 'assigner'],
    'todo>doing': ['assignee'],
    'todo>done': ['assignee'],
    'todo>cancel': ['assigner'],
    'doing>done': ['assignee'],
    'doing>failed': ['assignee'],
    'doing>cancel': ['assigner'],
    'done>doing': ['assignee'],
    'done>pending': ['assigner'],
    'failed>doing': ['assignee'],
    'failed>pending': ['assigner'],
    'cancel>pending': ['assigner'],
  }
  /** How a new task (pending) gets to each status: [who, status] steps. */
  const PATH: Record<string, ['assignee' | 'assigner', string][]> = {
    pending: [],
    todo: [['assignee', 'todo']],
    doing: [
      ['assignee', 'todo'],
      ['assignee', 'doing'],
    ],
    done: [
      ['assignee', 'todo'],
      ['assignee', 'done'],
    ],
    failed: [
      ['assignee', 'todo'],
      ['assignee', 'doing'],
      ['assignee', 'failed'],
    ],
    cancel: [['assigner', 'cancel']],
  }
  const REFUSED: [string, 'assignee' | 'assigner' | 'member'][] = [
    ['pending>done', 'assignee'],
    ['pending>todo', 'assigner'],
    ['todo>doing', 'assigner'],
    ['todo>pending', 'assignee'],
    ['doing>cancel', 'assignee'],
    ['doing>todo', 'assignee'],
    ['done>pending', 'assignee'],
    ['done>doing', 'assigner'],
    ['failed>done', 'assignee'],
    ['cancel>pending', 'assignee'],
    ['cancel>todo', 'assignee'],
    ['pending>todo', 'member'],
    ['todo>cancel', 'member'],
  ]

  it('task moves by role: every allowed move, and a sample of refused ones (403)', async () => {
    const { people, generalId } = await team('Assigner', 'Assignee', 'Member')
    const [assigner, assignee, member] = people as [Person, Person, Person]
    const actor = { assigner, assignee, member }
    const fresh = () =>
      create(assigner, {
        kind: 'task',
        title: 'Ship it',
        topic_id: generalId,
        start: '2030-07-01T17:00:00Z',
        assignee_ids: [assignee.user._id],
      })
    const reach = async (status: string) => {
      const task = await fresh()
      for (const [who, to] of PATH[status]!) expect((await setStatus(actor[who], task._id, to)).status).toBe(200)
      return task
    }
    for (const [move, roles] of Object.entries(ALLOWED)) {
      const [from, to] = move.split('>') as [string, string]
      for (const role of roles) {
        const task = await reach(from)
        const res = await setStatus(actor[role], task._id, to)
        expect([move, role, res.status, res.body.result?.status]).toEqual([move, role, 200, to])
      }
    }
    for (const [move, role] of REFUSED) {
      const [from, to] = move.split('>') as [string, string]
      const task = await reach(from)
      const res = await setStatus(actor[role], task._id, to)
      expect([move, role, res.status]).toEqual([move, role, 403])
      expect((await assigner.api('GET', `calendar/info?event_id=${task._id}`)).body.result.status).toBe(from)
    }
    // A reminder has no status; the same status again changes nothing.
    const reminder = await create(assigner, { start: '2030-07-01T09:00:00Z' })
    expect((await setStatus(assigner, reminder._id, 'done')).status).toBe(400)
    const task = await fresh()
    const same = await setStatus(assignee, task._id, 'pending')
    expect([same.status, same.body.result.updated_at]).toEqual([200, task.updated_at])
  })

  it('a creator who assigned themself has both roles', async () => {
    const me = await person('Me')
    const task = await create(me, { kind: 'task', title: 'Mine', start: '2030-07-02T17:00:00Z', assignee_ids: [me.user._id] })
    expect(task.type).toBe('assign_by')
    for (const to of ['todo', 'doing', 'cancel', 'pending', 'todo', 'done', 'pending'])
      expect([to, (await setStatus(me, task._id, to)).status]).toEqual([to, 200])
  })

  it('task notifications: assigned, accepted, rejected, done, failed, canceled', async () => {
    const { people, generalId } = await team('Boss', 'Ann', 'Ben')
    const [boss, ann, ben] = people as [Person, Person, Person]
    const start = '2030-07-03T17:00:00Z'
    const task = await create(boss, {
      kind: 'task',
      title: 'Slides',
      topic_id: generalId,
      start,
      assignee_ids: [ann.user._id, boss.user._id],
    })
    expect(await calendarNotifications(ann)).toEqual([['calendar_assign', task._id, '2030-07-03T17:00:00.000Z']])
    // The creator assigning themself is not told.
    expect(await calendarNotifications(boss)).toEqual([])

    await setStatus(ann, task._id, 'todo')
    await setStatus(ann, task._id, 'doing')
    await setStatus(ann, task._id, 'done')
    await setStatus(ann, task._id, 'doing')
    await setStatus(ann, task._id, 'failed')
    expect((await calendarNotifications(boss)).map(([key]) => key)).toEqual(['calendar_approve', 'calendar_done', 'calendar_failed'])
    await setStatus(boss, task._id, 'pending')
    await setStatus(boss, task._id, 'cancel')
    expect((await calendarNotifications(ann)).map(([key]) => key)).toEqual(['calendar_assign', 'calendar_assign', 'calendar_canceled'])

    const declined = await create(boss, { kind: 'task', title: 'Poster', topic_id: generalId, start, assignee_ids: [ben.user._id] })
    await setStatus(ben, declined._id, 'cancel')
    expect((await calendarNotifications(boss)).slice(-1)).toEqual([['calendar_reject', declined._id, expect.any(String)]])
    // Newly assigned on update: calendar_assign.
    await boss.api('PUT', 'calendar/update', { event_id: declined._id, assignee_ids: [ben.user._id, ann.user._id] })
    expect((await calendarNotifications(ann)).slice(-1)).toEqual([['calendar_assign', declined._id, '2030-07-03T17:00:00.000Z']])
    expect((await calendarNotifications(ben)).map(([key]) => key)).toEqual(['calendar_assign'])
  })

  it('CALENDAR_CHANGED reaches the chat’s members and the assignees once each, on every change', async () => {
    const { people, generalId } = await team('Owner', 'Member')
    const [owner, member] = people as [Person, Person]
    const friend = await person('Friend')
    await friends(owner, friend)
    const [memberSocket, friendSocket] = await Promise.all([socket(member), socket(friend)])

    const createdInChat = nextEvent<{ change: string; event: EventView }>(memberSocket, 'CALENDAR_CHANGED')
    const group = await create(owner, { topic_id: generalId, start: '2030-07-05T09:00:00Z', title: 'Demo' })
    expect(await createdInChat).toMatchObject({ change: 'created', event: { _id: group._id, type: 'group', title: 'Demo' } })
    expect(await silence(memberSocket, 'CALENDAR_CHANGED')).toBe(true)

    // A task without a chat, assigned to a friend: the friend's own sockets, once (they are also its assignee).
    const createdForFriend = nextEvent<{ change: string; event: EventView }>(friendSocket, 'CALENDAR_CHANGED')
    const task = await create(owner, { kind: 'task', start: '2030-07-05T17:00:00Z', title: 'Review', assignee_ids: [friend.user._id] })
    expect(await createdForFriend).toMatchObject({ change: 'created', event: { _id: task._id, type: 'assign_by' } })
    expect(await silence(friendSocket, 'CALENDAR_CHANGED')).toBe(true)
    expect(await silence(memberSocket, 'CALENDAR_CHANGED')).toBe(true)

    const updated = nextEvent<{ change: string; event: EventView }>(friendSocket, 'CALENDAR_CHANGED')
    await setStatus(friend, task._id, 'todo')
    expect(await updated).toMatchObject({ change: 'updated', event: { _id: task._id, status: 'todo' } })
    const deleted = nextEvent<{ change: string; event: EventView }>(memberSocket, 'CALENDAR_CHANGED')
    await owner.api('DELETE', 'calendar/delete', { event_id: group._id })
    expect(await deleted).toMatchObject({ change: 'deleted', event: { _id: group._id, title: 'Demo' } })
  })
})

describe('firing: the reminder job, once per occurrence', () => {
  it('fires once when the queue runs twice, and once more after an update moves it', async () => {
    const me = await person('Me')
    const start = clock.now() + HOUR
    const reminder = await create(me, { start: iso(start), remind_minutes: 10, title: 'Dentist' })
    await advance(50 * MINUTE - 1_000)
    expect(await calendarNotifications(me)).toEqual([])
    await advance(1_000)
    expect(await calendarNotifications(me)).toEqual([['calendar_notification', reminder._id, iso(start)]])
    await server.ctx.queue.runDue()
    await advance(2 * HOUR)
    expect(await calendarNotifications(me)).toHaveLength(1)

    // Moved to a later time: it fires again, once, at the new time.
    const later = clock.now() + 3 * HOUR
    expect((await me.api('PUT', 'calendar/update', { event_id: reminder._id, start: iso(later) })).status).toBe(200)
    await advance(3 * HOUR - 10 * MINUTE - 1_000)
    expect(await calendarNotifications(me)).toHaveLength(1)
    await advance(1_000)
    await server.ctx.queue.runDue()
    expect(await calendarNotifications(me)).toEqual([
      ['calendar_notification', reminder._id, iso(start)],
      ['calendar_notification', reminder._id, iso(later)],
    ])
  })

  it('moved before it fires: nothing at the old time, once at the new one; deleted: never', async () => {
    const me = await person('Me')
    const first = clock.now() + HOUR
    const reminder = await create(me, { start: iso(first), title: 'Pick up parcel' })
    const moved = first + 2 * HOUR
    await me.api('PUT', 'calendar/update', { event_id: reminder._id, start: iso(moved) })
    await advance(HOUR)
    expect(await calendarNotifications(me)).toEqual([])
    await advance(2 * HOUR)
    await server.ctx.queue.runDue()
    expect(await calendarNotifications(me)).toEqual([['calendar_notification', reminder._id, iso(moved)]])

    const gone = await create(me, { start: iso(clock.now() + HOUR), title: 'Cancelled' })
    await me.api('DELETE', 'calendar/delete', { event_id: gone._id })
    await advance(2 * HOUR)
    expect(await calendarNotifications(me)).toHaveLength(1)
  })

  it('a repeating reminder fires each occurrence; a skipped one is not fired; a late job fires once and then the next future one', async () => {
    const me = await person('Me')
    const first = clock.now() + HOUR
    const daily = await create(me, { start: iso(first), rrule: 'FREQ=DAILY', title: 'Water the plants' })
    await me.api('PUT', 'calendar/exception', { event_id: daily._id, occurrence: iso(first + DAY), action: 'skip' })
    await advance(HOUR)
    await advance(DAY)
    await advance(DAY)
    expect(await calendarNotifications(me)).toEqual([
      ['calendar_notification', daily._id, iso(first)],
      ['calendar_notification', daily._id, iso(first + 2 * DAY)],
    ])
    // Every node down for three days and a half: the due occurrence fires once (late), the missed ones do not.
    await advance(3 * DAY + 12 * HOUR)
    await server.ctx.queue.runDue()
    expect((await calendarNotifications(me)).map(([, , time]) => time)).toEqual([iso(first), iso(first + 2 * DAY), iso(first + 3 * DAY)])
    // Its next job is the next occurrence that has not started.
    const [job] = await server.ctx.db
      .select()
      .from(queuedJobs)
      .where(eq(queuedJobs.key, `calendar-remind:${daily._id}`))
    const pending = await server.ctx.db.select().from(queuedJobs).where(eq(queuedJobs.state, 'pending'))
    expect(job).toBeDefined()
    expect(pending.filter((j) => j.key === `calendar-remind:${daily._id}`).map((j) => j.runAt.toISOString())).toEqual([
      iso(first + 6 * DAY),
    ])
    await advance(12 * HOUR)
    expect((await calendarNotifications(me)).map(([, , time]) => time)).toEqual([
      iso(first),
      iso(first + 2 * DAY),
      iso(first + 3 * DAY),
      iso(first + 6 * DAY),
    ])
  })

  it('a group reminder posts one reminder message in its chat and notifies its members', async () => {
    const { people, generalId } = await team('Owner', 'Member')
    const [owner, member] = people as [Person, Person]
    const start = clock.now() + 2 * HOUR
    const group = await create(owner, { topic_id: generalId, start: iso(start), remind_minutes: 30, title: 'All hands' })
    await advance(90 * MINUTE)
    await server.ctx.queue.runDue()
    const notice = ['calendar_notification', group._id, iso(start)]
    expect(await calendarNotifications(member)).toEqual([notice])
    expect(await calendarNotifications(owner)).toEqual([notice])
    const history = await member.api('GET', `topic/messages?topic_id=${generalId}&page=1`)
    const reminders = (history.body.result as { type: string; message: string; sender: { _id: string } }[]).filter(
      (m) => m.type === 'reminder',
    )
    expect(reminders).toHaveLength(1)
    expect(JSON.parse(reminders[0]!.message)).toEqual({ event_id: group._id, title: 'All hands', start: iso(start) })
    expect(reminders[0]!.sender._id).toBe(owner.user._id)

    // A task reminds its assignees, and stops once it is done.
    const task = await create(owner, {
      kind: 'task',
      topic_id: generalId,
      start: iso(clock.now() + DAY),
      rrule: 'FREQ=DAILY;COUNT=3',
      title: 'Daily report',
      assignee_ids: [member.user._id],
    })
    await advance(DAY)
    expect(
      (await calendarNotifications(member)).filter(([key, eventId]) => key === 'calendar_notification' && eventId === task._id),
    ).toHaveLength(1)
    expect((await calendarNotifications(owner)).filter(([, eventId]) => eventId === task._id)).toEqual([])
    await setStatus(member, task._id, 'todo')
    await setStatus(member, task._id, 'done')
    await advance(2 * DAY)
    expect(
      (await calendarNotifications(member)).filter(([key, eventId]) => key === 'calendar_notification' && eventId === task._id),
    ).toHaveLength(1)
  })
  it('a group reminder whose creator left the chat: its members are still told, and no message is posted', async () => {
    const { people, channelId, generalId } = await team('Owner', 'Leaver')
    const [owner, leaver] = people as [Person, Person]
    const start = clock.now() + HOUR
    const group = await create(leaver, { topic_id: generalId, start: iso(start), title: 'Hand-over' })
    expect((await leaver.api('POST', 'channel/leave', { channel_id: channelId })).status).toBe(200)
    // The creator no longer sees it; the chat's admins still manage it.
    expect((await leaver.api('GET', `calendar/info?event_id=${group._id}`)).status).toBe(404)
    await advance(HOUR)
    expect(await calendarNotifications(owner)).toEqual([['calendar_notification', group._id, iso(start)]])
    expect(await calendarNotifications(leaver)).toEqual([])
    const history = await owner.api('GET', `topic/messages?topic_id=${generalId}&page=1`)
    expect((history.body.result as { type: string }[]).filter((m) => m.type === 'reminder')).toEqual([])
    expect((await owner.api('DELETE', 'calendar/delete', { event_id: group._id })).status).toBe(200)
  })
})

describe('iCalendar', () => {
  const veventsOf = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent')

  it('calendar/ics answers one event as an .ics attachment', async () => {
    const me = await person('Me')
    const event = await create(me, {
      start: '2030-09-02T07:00:00Z',
      end: '2030-09-02T08:00:00Z',
      time_zone: 'Europe/Berlin',
      title: 'Café planning',
    })
    const res = await fetch(`${server.url}/api/calendar/ics?event_id=${event._id}`, {
      headers: { authorization: `Bearer ${me.access_token}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/)
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Caf_ planning\.ics"; filename\*=UTF-8''Caf%C3%A9%20planning\.ics$/,
    )
    const [vevent] = veventsOf(await res.text())
    expect(vevent!.getFirstPropertyValue('summary')).toBe('Café planning')
    const dtstart = vevent!.getFirstProperty('dtstart')!
    expect(dtstart.getParameter('tzid')).toBe('Europe/Berlin')
    expect(String(dtstart.getFirstValue())).toBe('2030-09-02T09:00:00')
  })

  it('the private feed holds the caller’s events with RRULE, EXDATE and moved instances; a reset makes the old URL 404', async () => {
    const { people, generalId } = await team('Owner', 'Me')
    const [owner, me] = people as [Person, Person]
    // Mondays at 09:00 in Berlin (summer time: 07:00 UTC).
    const weekly = await create(me, {
      start: '2030-06-03T07:00:00Z',
      end: '2030-06-03T08:00:00Z',
      time_zone: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY;COUNT=6',
      title: 'Weekly sync',
      remind_minutes: 15,
    })
    await me.api('PUT', 'calendar/exception', { event_id: weekly._id, occurrence: '2030-06-10T07:00:00Z', action: 'skip' })
    await me.api('PUT', 'calendar/exception', {
      event_id: weekly._id,
      occurrence: '2030-06-17T07:00:00Z',
      action: 'move',
      start: '2030-06-18T12:00:00Z',
    })
    const group = await create(owner, { topic_id: generalId, start: '2030-06-04T09:00:00Z', title: 'Team lunch' })
    const old = await create(me, { start: iso(clock.now() - 40 * DAY), title: 'Long ago' })

    const feed = await me.api('GET', 'calendar/feed')
    expect(feed.status).toBe(200)
    const url = feed.body.result.url as string
    expect(url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
    expect((await me.api('GET', 'calendar/feed')).body.result.url).toBe(url)
    const path = new URL(url).pathname

    const res = await fetch(`${server.url}${path}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const text = await res.text()
    const vevents = veventsOf(text)
    const uids = vevents.map((v) => String(v.getFirstPropertyValue('uid')))
    expect(uids.some((u) => u.startsWith(group._id))).toBe(true)
    expect(uids.some((u) => u.startsWith(old._id))).toBe(false)
    const mine = vevents.filter((v) => String(v.getFirstPropertyValue('uid')).startsWith(weekly._id))
    const main = mine.find((v) => !v.hasProperty('recurrence-id'))!
    expect(String(main.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;COUNT=6')
    expect(main.getFirstPropertyValue('summary')).toBe('Weekly sync')
    // Local times in the event's zone (TZID), as a calendar app reads them.
    const local = (p: ICAL.Property | null) => [p?.getParameter('tzid'), String(p?.getFirstValue())]
    expect(local(main.getFirstProperty('dtstart'))).toEqual(['Europe/Berlin', '2030-06-03T09:00:00'])
    expect(local(main.getFirstProperty('dtend'))).toEqual(['Europe/Berlin', '2030-06-03T10:00:00'])
    expect(main.getAllProperties('exdate').map(local)).toEqual([['Europe/Berlin', '2030-06-10T09:00:00']])
    const override = mine.find((v) => v.hasProperty('recurrence-id'))!
    expect(local(override.getFirstProperty('recurrence-id'))).toEqual(['Europe/Berlin', '2030-06-17T09:00:00'])
    expect(local(override.getFirstProperty('dtstart'))).toEqual(['Europe/Berlin', '2030-06-18T14:00:00'])
    expect(mine).toHaveLength(2)
    // With the file's VTIMEZONE, a calendar app expands the series to these instants (the skipped one out, the moved one moved).
    for (const zone of new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
    const series = new ICAL.Event(main)
    series.relateException(new ICAL.Event(override))
    const expanded: string[] = []
    const walk = series.iterator()
    for (let next = walk.next(); next; next = walk.next())
      expanded.push(series.getOccurrenceDetails(next).startDate.toJSDate().toISOString())
    expect(expanded).toEqual([
      '2030-06-03T07:00:00.000Z',
      '2030-06-18T12:00:00.000Z',
      '2030-06-24T07:00:00.000Z',
      '2030-07-01T07:00:00.000Z',
      '2030-07-08T07:00:00.000Z',
    ])
    // The path's token without .ics opens it too; the owner's own feed is not mine.
    expect((await fetch(`${server.url}${path.replace(/\.ics$/, '')}`)).status).toBe(200)

    const reset = await me.api('POST', 'calendar/feed-reset', {})
    expect(reset.status).toBe(200)
    const next = reset.body.result.url as string
    expect(next).not.toBe(url)
    expect((await fetch(`${server.url}${path}`)).status).toBe(404)
    expect((await fetch(`${server.url}${new URL(next).pathname}`)).status).toBe(200)
    expect((await me.api('GET', 'calendar/feed')).body.result.url).toBe(next)
    expect((await fetch(`${server.url}/api/calendar/feed/not-a-token.ics`)).status).toBe(404)
  })
})
