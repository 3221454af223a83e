import { and, eq, inArray } from 'drizzle-orm'
import ICAL from 'ical.js'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../contract'
import { signingKeys } from '../../server/auth/keys'
import { bookings, outbox, queuedJobs } from '../../server/db/schema'
import { createChallenges } from '../../server/modules/booking/challenge'
import { pageBody, solve, solvedChallenge, wrongNonce } from './booking-fixtures'
import { FakeClock } from './call-clock'
import { clientId, type Person, person, socketOf } from './chat-fixtures'
import { call, type Json, nextEvent, startTestServer, TEST_JWT_SECRET, type TestServer, uniqueEmail } from './harness'

/**
 * The server side of booking pages (booking/*): pages (create, update, delete; the owner's and the
 * public view), free times in the page's time zone (a worked example, a DST week, minimum notice and
 * horizon on the server's fake clock), the proof of work, requests (guests and signed-in bookers,
 * idempotent, one live booking per time: twenty racing for one), decisions, cancels, the guest's
 * emails (an .ics that ical.js reads), BOOKING_CHANGED and the reminder through the durable job
 * queue. Expected instants are written out by hand, not computed by the server's code.
 */
/** Monday 1 March 2027, 00:00 UTC: 07:00 in Ho Chi Minh City (UTC+7), 01:00 in Berlin (CET). */
const START = Date.parse('2027-03-01T00:00:00Z')
const clock = new FakeClock(START)
let server: TestServer
const open: Socket[] = []

beforeAll(async () => {
  server = await startTestServer({
    now: clock.now,
    setTimer: clock.setTimer,
    // The clock moves a few days ahead in the last tests: sessions outlive it (a socket's timer takes at most ~24 days).
    sessions: { accessTokenTtlSeconds: 20 * 86_400, maxAgeMs: 20 * 86_400_000 },
  })
})
afterAll(async () => {
  for (const s of open) s.disconnect()
  await server?.stop()
})

interface PageView {
  _id: string
  owner: { _id: string; name: string }
  title: string
  description: string
  duration_minutes: number
  buffer_minutes: number
  min_notice_minutes: number
  horizon_days: number
  time_zone: string
  availability: { weekday: number; start: string; end: string }[]
  active: boolean
  url: string
  created_at: string
  updated_at: string
}
interface BookingView {
  _id: string
  page_id: string
  page_title: string
  owner: { _id: string; name: string }
  booker: { _id: string; name: string } | null
  name: string
  email: string | null
  note: string
  start: string
  end: string
  status: 'requested' | 'approved' | 'rejected' | 'canceled'
}

const anonymous = (method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  call(server.url, method, `/api/${url}`, { body, headers })

async function makePage(owner: Person, over: Record<string, unknown> = {}): Promise<PageView> {
  const res = await owner.api('POST', 'booking/page-create', pageBody(over))
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result
}

async function slotsOf(pageId: string, from: string, to: string): Promise<string[]> {
  const res = await anonymous('GET', `booking/slots?${new URLSearchParams({ page_id: pageId, from, to })}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return (res.body.result.slots as { start: string; end: string }[]).map((s) => s.start)
}

/** The free times of the next 30 days on the server's clock. */
const upcoming = (pageId: string) => slotsOf(pageId, iso(clock.now()), iso(clock.now() + 30 * 86_400_000))

const iso = (ms: number) => new Date(ms).toISOString()

/** booking/request as a guest (name and email filled in) or as `who`, with a freshly solved challenge. */
async function request(
  pageId: string,
  start: string,
  opts: {
    who?: Person
    body?: Record<string, unknown>
    headers?: Record<string, string>
    challenge?: { token: string; nonce: string }
  } = {},
): Promise<Json> {
  const body = {
    page_id: pageId,
    client_id: clientId(),
    start,
    ...(opts.who ? {} : { name: 'Guest', email: uniqueEmail('guest') }),
    challenge: opts.challenge ?? (await solvedChallenge(server.url)),
    ...opts.body,
  }
  return call(server.url, 'POST', '/api/booking/request', { body, token: opts.who?.access_token, headers: opts.headers })
}

async function booked(pageId: string, start: string, opts: Parameters<typeof request>[2] = {}) {
  const res = await request(pageId, start, opts)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.result as { booking: BookingView; cancel_token: string | null }
}

/** The caller's notifications about bookings, oldest first: [kind, booking id]. */
async function bookingNotifications(who: Person): Promise<[string, string][]> {
  const res = await who.api('GET', 'notify?page=1')
  expect(res.status).toBe(200)
  return (res.body.result as { notifiable_type: string; notifiable_id: string; notify_message_json: { key: string } | null }[])
    .filter((n) => n.notifiable_type === 'booking')
    .map((n): [string, string] => [n.notify_message_json!.key, n.notifiable_id])
    .reverse()
}

/** The outbox's emails to an address, oldest first. */
async function mailsTo(address: string) {
  await server.ctx.mailer.settled()
  const rows = await server.ctx.db.select().from(outbox).where(eq(outbox.to, address))
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
}

async function socket(who: Person): Promise<Socket> {
  const s = await socketOf(server.url, who)
  open.push(s)
  return s
}

describe('booking pages', () => {
  it('create (defaults, idempotent on client_id), update, the owner’s and the public view, list, delete', async () => {
    const [owner, other] = await Promise.all([person(server.url, 'Owner'), person(server.url, 'Other')])
    const body = pageBody({ title: '  Intro call  ' })
    const created = await owner.api('POST', 'booking/page-create', body)
    expect(created.status).toBe(200)
    const page = created.body.result as PageView
    expect(page).toMatchObject({
      owner: { _id: owner.user._id, name: 'Owner' },
      title: 'Intro call',
      description: '',
      duration_minutes: 30,
      buffer_minutes: 0,
      min_notice_minutes: 60,
      horizon_days: 60,
      time_zone: 'Asia/Ho_Chi_Minh',
      availability: [{ weekday: 1, start: '09:00', end: '11:00' }],
      active: true,
      url: `/booking/${page._id}`,
      created_at: iso(START),
    })
    // A retry after a lost answer: the same page.
    const again = await owner.api('POST', 'booking/page-create', { ...body, title: 'Something else' })
    expect(again.body.result._id).toBe(page._id)
    expect(again.body.result.title).toBe('Intro call')

    const changed = await owner.api('PUT', 'booking/page-update', { page_id: page._id, title: 'Long call', buffer_minutes: 15 })
    expect(changed.status).toBe(200)
    expect(changed.body.result).toMatchObject({ title: 'Long call', buffer_minutes: 15, duration_minutes: 30 })
    expect((await owner.api('PUT', 'booking/page-update', { page_id: page._id })).status).toBe(400)
    expect((await other.api('PUT', 'booking/page-update', { page_id: page._id, title: 'Mine' })).status).toBe(403)
    expect((await owner.api('PUT', 'booking/page-update', { page_id: crypto.randomUUID(), title: 'X' })).status).toBe(404)

    expect((await owner.api('GET', `booking/page?page_id=${page._id}`)).body.result.title).toBe('Long call')
    expect((await other.api('GET', `booking/page?page_id=${page._id}`)).status).toBe(403)
    expect(((await owner.api('GET', 'booking/pages')).body.result as PageView[]).map((p) => p._id)).toEqual([page._id])
    expect((await other.api('GET', 'booking/pages')).body.result).toEqual([])

    const seen = await anonymous('GET', `booking/public?page_id=${page._id}`)
    expect(seen.status).toBe(200)
    expect(seen.body.result).toEqual({
      _id: page._id,
      owner: { name: 'Owner', photo_url: null },
      title: 'Long call',
      description: '',
      duration_minutes: 30,
      time_zone: 'Asia/Ho_Chi_Minh',
      active: true,
    })
    expect((await anonymous('GET', `booking/public?page_id=${crypto.randomUUID()}`)).status).toBe(404)

    expect((await other.api('DELETE', 'booking/page-delete', { page_id: page._id })).status).toBe(403)
    expect((await owner.api('DELETE', 'booking/page-delete', { page_id: page._id })).body.result).toEqual({ page_id: page._id })
    expect((await anonymous('GET', `booking/public?page_id=${page._id}`)).status).toBe(404)
    expect((await anonymous('GET', `booking/slots?page_id=${page._id}&from=${iso(START)}&to=${iso(START + 86_400_000)}`)).status).toBe(404)
    expect((await owner.api('GET', `booking/page?page_id=${page._id}`)).status).toBe(404)
    expect((await owner.api('GET', 'booking/pages')).body.result).toEqual([])
  })
})

describe('free times', () => {
  it('in the page’s time zone: Ho Chi Minh City, Mondays 09:00-11:00, 30 minutes + 15 minutes buffer', async () => {
    const owner = await person(server.url, 'Owner')
    const page = await makePage(owner, { duration_minutes: 30, buffer_minutes: 15 })
    // 09:00, 09:45 and 10:30 local (10:30 + 30 min ends at 11:00 exactly; 11:15 would not fit) = 02:00, 02:45, 03:30 UTC.
    const twoMondays = ['2027-03-01T02:00:00.000Z', '2027-03-01T02:45:00.000Z', '2027-03-01T03:30:00.000Z']
    const nextMonday = ['2027-03-08T02:00:00.000Z', '2027-03-08T02:45:00.000Z', '2027-03-08T03:30:00.000Z']
    expect(await slotsOf(page._id, '2027-03-01T00:00:00Z', '2027-03-09T00:00:00Z')).toEqual([...twoMondays, ...nextMonday])
    const res = await anonymous('GET', `booking/slots?page_id=${page._id}&from=2027-03-01T00:00:00Z&to=2027-03-02T00:00:00Z`)
    expect(res.body.result.slots[0]).toEqual({ start: '2027-03-01T02:00:00.000Z', end: '2027-03-01T02:30:00.000Z' })
    // A range given with an offset: from 09:30 local.
    expect(await slotsOf(page._id, '2027-03-01T09:30:00+07:00', '2027-03-01T11:00:00+07:00')).toEqual(twoMondays.slice(1))

    // 09:45 booked: only that slot goes (09:00 + 30 + 15 ends at 09:45; 09:45 + 30 + 15 ends at 10:30).
    await booked(page._id, '2027-03-01T02:45:00.000Z')
    expect(await slotsOf(page._id, '2027-03-01T00:00:00Z', '2027-03-02T00:00:00Z')).toEqual([
      '2027-03-01T02:00:00.000Z',
      '2027-03-01T03:30:00.000Z',
    ])
    // The owner's other page (UTC, Mondays 02:00-04:00, an hour each): both of that Monday's hours touch 02:45-03:30 UTC.
    const other = await makePage(owner, {
      time_zone: 'UTC',
      duration_minutes: 60,
      availability: [{ weekday: 1, start: '02:00', end: '04:00' }],
    })
    expect(await slotsOf(other._id, '2027-03-01T00:00:00Z', '2027-03-09T00:00:00Z')).toEqual([
      '2027-03-08T02:00:00.000Z',
      '2027-03-08T03:00:00.000Z',
    ])
    const taken = await request(other._id, '2027-03-01T03:00:00.000Z')
    expect(taken.status).toBe(409)
    expect(taken.body.errors.start).toEqual([SERVER_MESSAGES.bookingSlotTaken.en])

    // Off: no free times, no requests.
    expect((await owner.api('PUT', 'booking/page-update', { page_id: page._id, active: false })).status).toBe(200)
    expect(await slotsOf(page._id, '2027-03-01T00:00:00Z', '2027-03-09T00:00:00Z')).toEqual([])
    expect((await anonymous('GET', `booking/public?page_id=${page._id}`)).body.result.active).toBe(false)
    expect((await request(page._id, '2027-03-08T02:00:00.000Z')).status).toBe(409)

    // A range over 31 days, or ending before it starts: 400 on `to`.
    for (const to of ['2027-04-02T00:00:01Z', '2027-03-01T00:00:00Z']) {
      const bad = await anonymous('GET', `booking/slots?page_id=${page._id}&from=2027-03-01T00:00:00Z&to=${to}`)
      expect(bad.status).toBe(400)
      expect(bad.body.errors.to).toBeDefined()
    }
  })

  it('a DST week in Berlin: 09:00 is 08:00 UTC before the last Sunday of March and 07:00 UTC from it; the skipped hour is no slot', async () => {
    const owner = await person(server.url, 'Owner')
    const daily = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '10:00' }))
    const page = await makePage(owner, {
      time_zone: 'Europe/Berlin',
      duration_minutes: 60,
      min_notice_minutes: 0,
      horizon_days: 365,
      availability: daily,
    })
    expect(await slotsOf(page._id, '2027-03-25T00:00:00Z', '2027-03-31T00:00:00Z')).toEqual([
      '2027-03-25T08:00:00.000Z',
      '2027-03-26T08:00:00.000Z',
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
      '2027-03-30T07:00:00.000Z',
    ])
    // And back on the last Sunday of October.
    expect(await slotsOf(page._id, '2027-10-29T00:00:00Z', '2027-11-02T00:00:00Z')).toEqual([
      '2027-10-29T07:00:00.000Z',
      '2027-10-30T07:00:00.000Z',
      '2027-10-31T08:00:00.000Z',
      '2027-11-01T08:00:00.000Z',
    ])
    // A night window, Sundays 01:00-04:00, an hour each: three hours on an ordinary Sunday, two when
    // the clock skips 02:00-03:00 (01:00 CET, 03:00 CEST), four when it goes back (02:00 twice).
    const night = await makePage(owner, {
      time_zone: 'Europe/Berlin',
      duration_minutes: 60,
      min_notice_minutes: 0,
      horizon_days: 365,
      availability: [{ weekday: 7, start: '01:00', end: '04:00' }],
    })
    expect(await slotsOf(night._id, '2027-03-20T12:00:00Z', '2027-03-21T12:00:00Z')).toEqual([
      '2027-03-21T00:00:00.000Z',
      '2027-03-21T01:00:00.000Z',
      '2027-03-21T02:00:00.000Z',
    ])
    expect(await slotsOf(night._id, '2027-03-27T12:00:00Z', '2027-03-28T12:00:00Z')).toEqual([
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T01:00:00.000Z',
    ])
    expect(await slotsOf(night._id, '2027-10-30T12:00:00Z', '2027-10-31T12:00:00Z')).toEqual([
      '2027-10-30T23:00:00.000Z',
      '2027-10-31T00:00:00.000Z',
      '2027-10-31T01:00:00.000Z',
      '2027-10-31T02:00:00.000Z',
    ])
    // A request takes exactly one of them: 03:00 CEST is; 02:30 UTC (between two) is not a slot.
    expect((await request(night._id, '2027-03-28T01:00:00.000Z')).status).toBe(200)
    const between = await request(night._id, '2027-03-28T00:30:00.000Z')
    expect(between.status).toBe(400)
    expect(between.body.errors.start).toEqual([SERVER_MESSAGES.bookingNotASlot.en])
  })
})

describe('requests', () => {
  it('twenty people racing for one time: exactly one gets it, nineteen get 409 on start', async () => {
    const owner = await person(server.url, 'Owner')
    const page = await makePage(owner)
    const [first] = await upcoming(page._id)
    const challenges = await Promise.all(Array.from({ length: 20 }, () => solvedChallenge(server.url)))
    const answers = await Promise.all(challenges.map((challenge) => request(page._id, first!, { challenge })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(409)])
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.errors.start).toEqual([SERVER_MESSAGES.bookingSlotTaken.en])
    const live = await server.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.pageId, page._id), inArray(bookings.status, ['requested', 'approved'])))
    expect(live).toHaveLength(1)
    expect(await bookingNotifications(owner)).toEqual([['booking_request', live[0]!.id]])
  })

  it('a guest gives a name and an email; a signed-in booker’s come from the account', async () => {
    const [owner, booker] = await Promise.all([person(server.url, 'Owner'), person(server.url, 'Booker')])
    const page = await makePage(owner)
    const [first, second] = await upcoming(page._id)
    const noName = await request(page._id, first!, { body: { name: undefined } })
    expect(noName.status).toBe(400)
    expect(noName.body.errors.name).toEqual(['Field name is required'])
    const noEmail = await request(page._id, first!, { body: { email: undefined } })
    expect(noEmail.status).toBe(400)
    expect(noEmail.body.errors.email).toEqual(['Field email is required'])

    const mine = await booked(page._id, first!, { who: booker, body: { note: 'About the contract' } })
    expect(mine.cancel_token).toBeNull()
    expect(mine.booking).toMatchObject({
      page_id: page._id,
      page_title: 'Intro call',
      owner: { _id: owner.user._id, name: 'Owner' },
      booker: { _id: booker.user._id, name: 'Booker' },
      name: 'Booker',
      email: booker.email,
      note: 'About the contract',
      start: first,
      end: iso(Date.parse(first!) + 30 * 60_000),
      status: 'requested',
    })
    const guest = await booked(page._id, second!, { body: { name: 'Lan', email: 'LAN@Example.test' } })
    expect(guest.booking).toMatchObject({ booker: null, name: 'Lan', email: 'lan@example.test' })
    expect(guest.cancel_token).toMatch(/^[\w-]{20,}$/)
    // The owner is told of both (a guest's request names no one).
    expect(await bookingNotifications(owner)).toEqual([
      ['booking_request', mine.booking._id],
      ['booking_request', guest.booking._id],
    ])
  })

  it('the proof of work: a wrong nonce, a forged, an expired and a reused challenge are refused with 400 on challenge', async () => {
    const owner = await person(server.url, 'Owner')
    const page = await makePage(owner)
    const [first, second] = await upcoming(page._id)
    const puzzle = (await anonymous('GET', 'booking/challenge')).body.result as { token: string; bits: number }
    expect(puzzle.bits).toBe(16)
    const refused = async (challenge: { token: string; nonce: string }) => {
      const res = await request(page._id, first!, { challenge })
      expect(res.status, JSON.stringify(challenge)).toBe(400)
      expect(res.body.errors.challenge).toEqual([SERVER_MESSAGES.bookingChallengeFailed.en])
    }
    await refused({ token: puzzle.token, nonce: wrongNonce(puzzle.token, puzzle.bits) })
    // Signed with another key, or a changed expiry under the server's signature.
    const foreign = createChallenges(signingKeys('another-secret-another-secret-0123456789').booking, clock.now, 16).issue()
    await refused({ token: foreign.token, nonce: solve(foreign.token, 16) })
    const [id, expires, mac] = puzzle.token.split('.')
    const moved = `${id}.${Number(expires) + 1}.${mac}`
    await refused({ token: moved, nonce: solve(moved, 16) })
    // Expired: made with the server's key ten minutes and a second ago.
    const stale = createChallenges(signingKeys(TEST_JWT_SECRET).booking, () => clock.now() - 601_000, 16).issue()
    await refused({ token: stale.token, nonce: solve(stale.token, 16) })
    // Nothing of these was stored; the good one books once.
    expect(await server.ctx.db.select().from(bookings).where(eq(bookings.pageId, page._id))).toEqual([])
    const challenge = { token: puzzle.token, nonce: solve(puzzle.token, puzzle.bits) }
    expect((await request(page._id, first!, { challenge })).status).toBe(200)
    const reused = await request(page._id, second!, { challenge })
    expect(reused.status).toBe(400)
    expect(reused.body.errors.challenge).toEqual([SERVER_MESSAGES.bookingChallengeFailed.en])
    // A signed-in booker needs one too.
    const booker = await person(server.url, 'Booker')
    expect((await request(page._id, second!, { who: booker, body: { challenge: undefined } })).status).toBe(400)
  })

  it('is idempotent on client_id: a repeat answers the same booking (a guest’s with the same secret); someone else’s is 409', async () => {
    const [owner, booker, other] = await Promise.all([
      person(server.url, 'Owner'),
      person(server.url, 'Booker'),
      person(server.url, 'Other'),
    ])
    const page = await makePage(owner)
    const [first, second] = await upcoming(page._id)
    const body = { page_id: page._id, client_id: clientId(), start: first, name: 'Guest', email: uniqueEmail('guest') }
    const challenge = await solvedChallenge(server.url)
    const once = await call(server.url, 'POST', '/api/booking/request', { body: { ...body, challenge } })
    const twice = await call(server.url, 'POST', '/api/booking/request', { body: { ...body, challenge } })
    expect([once.status, twice.status]).toEqual([200, 200])
    expect(twice.body.result).toEqual(once.body.result)
    // With a new challenge too (the client fetched one again), and the same time or not.
    const thrice = await call(server.url, 'POST', '/api/booking/request', {
      body: { ...body, start: second, challenge: await solvedChallenge(server.url) },
    })
    expect(thrice.body.result).toEqual(once.body.result)

    const signedBody = { page_id: page._id, client_id: clientId(), start: second }
    const mine = await call(server.url, 'POST', '/api/booking/request', {
      token: booker.access_token,
      body: { ...signedBody, challenge: await solvedChallenge(server.url) },
    })
    const mineAgain = await call(server.url, 'POST', '/api/booking/request', {
      token: booker.access_token,
      body: { ...signedBody, challenge: await solvedChallenge(server.url) },
    })
    expect(mineAgain.body.result).toEqual(mine.body.result)
    for (const res of [
      await call(server.url, 'POST', '/api/booking/request', {
        token: other.access_token,
        body: { ...signedBody, challenge: await solvedChallenge(server.url) },
      }),
      await call(server.url, 'POST', '/api/booking/request', {
        body: { ...signedBody, name: 'G', email: uniqueEmail(), challenge: await solvedChallenge(server.url) },
      }),
    ]) {
      expect(res.status).toBe(409)
      expect(Object.keys(res.body.errors)).toEqual(['client_id'])
    }
    expect(await server.ctx.db.select().from(bookings).where(eq(bookings.pageId, page._id))).toHaveLength(2)
    expect(await bookingNotifications(owner)).toHaveLength(2)
  })
})

describe('decisions and cancels', () => {
  it('the owner approves or rejects a requested booking (its booker 403, anyone else 404, twice 409); the booker is told, both sockets hear it', async () => {
    const [owner, booker, stranger] = await Promise.all([
      person(server.url, 'Owner'),
      person(server.url, 'Booker'),
      person(server.url, 'Stranger'),
    ])
    const page = await makePage(owner)
    const [first, second] = await upcoming(page._id)
    const one = (await booked(page._id, first!, { who: booker })).booking
    const two = (await booked(page._id, second!, { who: booker })).booking

    expect((await booker.api('PUT', 'booking/decide', { booking_id: one._id, decision: 'approve' })).status).toBe(403)
    expect((await stranger.api('PUT', 'booking/decide', { booking_id: one._id, decision: 'approve' })).status).toBe(404)
    expect((await owner.api('PUT', 'booking/decide', { booking_id: crypto.randomUUID(), decision: 'approve' })).status).toBe(404)

    const [ownerSocket, bookerSocket] = await Promise.all([socket(owner), socket(booker)])
    const toOwner = nextEvent<{ booking: BookingView }>(ownerSocket, 'BOOKING_CHANGED')
    const toBooker = nextEvent<{ booking: BookingView }>(bookerSocket, 'BOOKING_CHANGED')
    const approved = await owner.api('PUT', 'booking/decide', { booking_id: one._id, decision: 'approve' })
    expect(approved.status).toBe(200)
    expect(approved.body.result).toMatchObject({ _id: one._id, status: 'approved' })
    expect((await toOwner).booking).toEqual(approved.body.result)
    expect((await toBooker).booking).toEqual(approved.body.result)
    const twice = await owner.api('PUT', 'booking/decide', { booking_id: one._id, decision: 'reject' })
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe(SERVER_MESSAGES.bookingDecided.en)
    expect((await owner.api('PUT', 'booking/decide', { booking_id: two._id, decision: 'reject' })).body.result.status).toBe('rejected')
    expect(await bookingNotifications(booker)).toEqual([
      ['booking_approved', one._id],
      ['booking_rejected', two._id],
    ])
    // A rejected booking frees its time; the approved one keeps it.
    expect((await upcoming(page._id)).slice(0, 1)).toEqual([second])

    // booking/info and booking/list: its owner and its booker, no one else.
    expect((await owner.api('GET', `booking/info?booking_id=${one._id}`)).body.result.status).toBe('approved')
    expect((await booker.api('GET', `booking/info?booking_id=${one._id}`)).body.result.status).toBe('approved')
    expect((await stranger.api('GET', `booking/info?booking_id=${one._id}`)).status).toBe(404)
    const ids = (res: Json) => (res.body.result as BookingView[]).map((b) => b._id)
    expect(ids(await owner.api('GET', 'booking/list'))).toEqual([one._id, two._id])
    expect(ids(await owner.api('GET', 'booking/list?role=owner&status=approved'))).toEqual([one._id])
    expect(ids(await booker.api('GET', 'booking/list?role=booker'))).toEqual([one._id, two._id])
    expect(ids(await booker.api('GET', 'booking/list?role=owner'))).toEqual([])
    expect(ids(await stranger.api('GET', 'booking/list?role=booker'))).toEqual([])
  })

  it('a guest’s approval email (in their language and time zone) carries an .ics that ical.js reads and a cancel link that works once', async () => {
    const owner = await person(server.url, 'Owner')
    const page = await makePage(owner, { title: 'Tư vấn' })
    const [first, second] = await upcoming(page._id)
    const email = uniqueEmail('khach')
    const made = await booked(page._id, first!, {
      body: { name: 'Khách', email, time_zone: 'Asia/Ho_Chi_Minh' },
      headers: { 'accept-language': 'vi-VN,vi;q=0.9' },
    })
    expect(await mailsTo(email)).toEqual([])
    expect((await owner.api('PUT', 'booking/decide', { booking_id: made.booking._id, decision: 'approve' })).status).toBe(200)
    const [mail] = await mailsTo(email)
    expect(mail!.subject).toBe('Đã xác nhận: Tư vấn')
    expect(mail!.text).toContain('Xin chào Khách,')
    const link = `/booking/${page._id}?cancel=${made.booking._id}&token=${made.cancel_token}`
    expect(mail!.text).toContain(link)
    expect(mail!.attachments).toHaveLength(1)
    const [ics] = mail!.attachments!
    expect(ics).toMatchObject({ filename: 'invite.ics', contentType: expect.stringMatching(/^text\/calendar/) })
    const event = new ICAL.Component(ICAL.parse(ics!.content)).getFirstSubcomponent('vevent')!
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(first)
    expect((event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe(iso(Date.parse(first!) + 30 * 60_000))
    expect(event.getFirstPropertyValue('summary')).toBe('Tư vấn (Owner)')
    // The words' time is the guest's wall clock: 09:00 on Monday 1 March is 02:00 UTC.
    expect(first).toBe('2027-03-01T02:00:00.000Z')
    expect(mail!.text).toContain('09:00 – 09:30 (Asia/Ho_Chi_Minh)')

    // The link's secret cancels it (a wrong one: 404, as for no booking); again: 409. The owner is told.
    const url = new URL(link, server.url)
    const cancel = (token: string) => anonymous('PUT', 'booking/cancel-guest', { booking_id: url.searchParams.get('cancel'), token })
    expect((await cancel(`${made.cancel_token!}x`)).status).toBe(404)
    const done = await cancel(url.searchParams.get('token')!)
    expect(done.status).toBe(200)
    expect(done.body.result.status).toBe('canceled')
    expect((await cancel(url.searchParams.get('token')!)).status).toBe(409)
    expect(await bookingNotifications(owner)).toEqual([
      ['booking_request', made.booking._id],
      ['booking_canceled', made.booking._id],
    ])

    // A declined guest (in English by default) is emailed too, without an attachment.
    const other = uniqueEmail('guest')
    const declined = await booked(page._id, second!, { body: { email: other } })
    await owner.api('PUT', 'booking/decide', { booking_id: declined.booking._id, decision: 'reject' })
    const [rejection] = await mailsTo(other)
    expect(rejection!.subject).toBe('Declined: Tư vấn')
    expect(rejection!.attachments).toBeNull()
  })

  it('cancel: by the booker (the owner is told), by the owner (the booker told, a guest emailed); not live 409; anyone else 404', async () => {
    const [owner, booker, stranger] = await Promise.all([
      person(server.url, 'Owner'),
      person(server.url, 'Booker'),
      person(server.url, 'Stranger'),
    ])
    const page = await makePage(owner)
    const [first, second, third] = await upcoming(page._id)
    const mine = (await booked(page._id, first!, { who: booker })).booking
    const theirs = (await booked(page._id, second!, { who: booker })).booking
    const guestEmail = uniqueEmail('guest')
    const guest = await booked(page._id, third!, { body: { email: guestEmail } })

    expect((await stranger.api('PUT', 'booking/cancel', { booking_id: mine._id })).status).toBe(404)
    const byBooker = await booker.api('PUT', 'booking/cancel', { booking_id: mine._id })
    expect(byBooker.body.result.status).toBe('canceled')
    expect((await booker.api('PUT', 'booking/cancel', { booking_id: mine._id })).status).toBe(409)
    expect((await owner.api('PUT', 'booking/decide', { booking_id: mine._id, decision: 'approve' })).status).toBe(409)
    expect((await owner.api('PUT', 'booking/decide', { booking_id: theirs._id, decision: 'approve' })).status).toBe(200)
    expect((await owner.api('PUT', 'booking/cancel', { booking_id: theirs._id })).body.result.status).toBe('canceled')
    expect((await owner.api('PUT', 'booking/cancel', { booking_id: guest.booking._id })).body.result.status).toBe('canceled')
    // A signed-in booker's booking has no guest secret.
    expect((await anonymous('PUT', 'booking/cancel-guest', { booking_id: mine._id, token: guest.cancel_token })).status).toBe(404)

    expect(await bookingNotifications(owner)).toEqual([
      ['booking_request', mine._id],
      ['booking_request', theirs._id],
      ['booking_request', guest.booking._id],
      ['booking_canceled', mine._id],
    ])
    expect(await bookingNotifications(booker)).toEqual([
      ['booking_approved', theirs._id],
      ['booking_canceled', theirs._id],
    ])
    const mails = await mailsTo(guestEmail)
    expect(mails.map((m) => m.subject)).toEqual(['Canceled: Intro call'])
    // Every time is free again.
    expect((await upcoming(page._id)).slice(0, 3)).toEqual([first, second, third])
  })

  it('deleting a page cancels its live bookings in one go, tells their bookers and drops their reminders', async () => {
    const [owner, booker] = await Promise.all([person(server.url, 'Owner'), person(server.url, 'Booker')])
    const page = await makePage(owner)
    const [first, second] = await upcoming(page._id)
    const approved = (await booked(page._id, first!, { who: booker })).booking
    await owner.api('PUT', 'booking/decide', { booking_id: approved._id, decision: 'approve' })
    const guestEmail = uniqueEmail('guest')
    const requested = (await booked(page._id, second!, { body: { email: guestEmail } })).booking
    expect(
      await server.ctx.db
        .select()
        .from(queuedJobs)
        .where(eq(queuedJobs.key, `booking-remind:${approved._id}`)),
    ).toHaveLength(1)

    expect((await owner.api('DELETE', 'booking/page-delete', { page_id: page._id })).status).toBe(200)
    const after = await server.ctx.db.select().from(bookings).where(eq(bookings.pageId, page._id))
    expect(after.map((b) => [b.id, b.status]).sort()).toEqual(
      [
        [approved._id, 'canceled'],
        [requested._id, 'canceled'],
      ].sort(),
    )
    expect(
      await server.ctx.db
        .select()
        .from(queuedJobs)
        .where(eq(queuedJobs.key, `booking-remind:${approved._id}`)),
    ).toEqual([])
    expect(await bookingNotifications(booker)).toEqual([
      ['booking_approved', approved._id],
      ['booking_canceled', approved._id],
    ])
    expect((await mailsTo(guestEmail)).map((m) => m.subject)).toEqual(['Canceled: Intro call'])
    // The booker still sees it (canceled), with its page's title.
    expect((await booker.api('GET', `booking/info?booking_id=${approved._id}`)).body.result).toMatchObject({
      status: 'canceled',
      page_title: 'Intro call',
    })
  })
})

describe('on the server’s clock', () => {
  it('minimum notice and horizon: UTC, daily 10:00-12:00, an hour each, two hours’ notice, two days ahead', async () => {
    expect(clock.now()).toBe(START)
    const owner = await person(server.url, 'Owner')
    const daily = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '10:00', end: '12:00' }))
    const page = await makePage(owner, {
      time_zone: 'UTC',
      duration_minutes: 60,
      min_notice_minutes: 120,
      horizon_days: 2,
      availability: daily,
    })
    const range = () => slotsOf(page._id, '2027-02-28T00:00:00Z', '2027-03-10T00:00:00Z')
    // Monday 00:00: until Wednesday 00:00 (excluded).
    expect(await range()).toEqual([
      '2027-03-01T10:00:00.000Z',
      '2027-03-01T11:00:00.000Z',
      '2027-03-02T10:00:00.000Z',
      '2027-03-02T11:00:00.000Z',
    ])
    // Monday 08:30: from 10:30, until Wednesday 08:30.
    clock.advance(8.5 * 3_600_000)
    expect(await range()).toEqual(['2027-03-01T11:00:00.000Z', '2027-03-02T10:00:00.000Z', '2027-03-02T11:00:00.000Z'])
    const tooSoon = await request(page._id, '2027-03-01T10:00:00.000Z')
    expect(tooSoon.status).toBe(400)
    expect(tooSoon.body.errors.start).toEqual([SERVER_MESSAGES.bookingNotASlot.en])
    // Monday 09:00: 11:00 is exactly two hours ahead (still free); Wednesday 09:00 is the horizon.
    clock.advance(30 * 60_000)
    expect((await range())[0]).toBe('2027-03-01T11:00:00.000Z')
    // Tuesday 10:00: Tuesday's times are too soon, Wednesday's in, Thursday 10:00 is the horizon itself (excluded).
    clock.advance(25 * 3_600_000)
    expect(await range()).toEqual(['2027-03-03T10:00:00.000Z', '2027-03-03T11:00:00.000Z'])
    expect((await request(page._id, '2027-03-04T10:00:00.000Z')).status).toBe(400)
    expect((await request(page._id, '2027-03-03T11:00:00.000Z')).status).toBe(200)
  })

  it('the reminder: once, BOOKING_REMIND_MINUTES before an approved booking, to the owner and a signed-in booker, a guest by email; none once canceled', async () => {
    const [owner, booker] = await Promise.all([person(server.url, 'Owner'), person(server.url, 'Booker')])
    const page = await makePage(owner, {
      time_zone: 'UTC',
      availability: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '12:00', end: '13:00' })),
    })
    const [first, second, third] = await upcoming(page._id)
    const signedIn = (await booked(page._id, first!, { who: booker })).booking
    const guestEmail = uniqueEmail('guest')
    const guest = (await booked(page._id, second!, { body: { email: guestEmail } })).booking
    const dropped = (await booked(page._id, third!, { who: booker })).booking
    for (const b of [signedIn, guest, dropped])
      expect((await owner.api('PUT', 'booking/decide', { booking_id: b._id, decision: 'approve' })).status).toBe(200)
    expect((await owner.api('PUT', 'booking/cancel', { booking_id: dropped._id })).status).toBe(200)
    const reminders = async (who: Person) => (await bookingNotifications(who)).filter(([kind]) => kind === 'booking_remind')
    const runAt = (start: string) => Date.parse(start) - 60 * 60_000

    // One millisecond before: nothing; at the time: both sides, once.
    clock.advance(runAt(first!) - 1 - clock.now())
    await server.ctx.queue.runDue()
    expect(await reminders(owner)).toEqual([])
    clock.advance(1)
    expect(await server.ctx.queue.runDue()).toBe(1)
    expect(await reminders(owner)).toEqual([['booking_remind', signedIn._id]])
    expect(await reminders(booker)).toEqual([['booking_remind', signedIn._id]])
    await server.ctx.queue.runDue()
    expect(await reminders(owner)).toEqual([['booking_remind', signedIn._id]])

    // The guest's, a day later: an email with the cancel link; the canceled one's never comes.
    clock.advance(runAt(second!) - clock.now())
    expect(await server.ctx.queue.runDue()).toBe(1)
    clock.advance(runAt(third!) + 60_000 - clock.now())
    expect(await server.ctx.queue.runDue()).toBe(0)
    await server.ctx.queue.runDue()
    expect(await reminders(owner)).toEqual([
      ['booking_remind', signedIn._id],
      ['booking_remind', guest._id],
    ])
    expect(await reminders(booker)).toEqual([['booking_remind', signedIn._id]])
    const mails = await mailsTo(guestEmail)
    expect(mails.map((m) => m.subject)).toEqual(['Confirmed: Intro call', 'Reminder: Intro call'])
    expect(mails[1]!.text).toContain(`/booking/${page._id}?cancel=${guest._id}&token=`)
    const rows = await server.ctx.db.select().from(bookings).where(eq(bookings.pageId, page._id))
    expect(
      rows
        .filter((r) => r.remindedAt !== null)
        .map((r) => r.id)
        .sort(),
    ).toEqual([signedIn._id, guest._id].sort())
  })
})

describe('rate limits (the contract’s rules, small overrides)', () => {
  it('bookingIp counts public, slots and challenge together per ip; bookingRequest counts request and cancel-guest together', async () => {
    const tight = await startTestServer({ rateLimits: { bookingIp: { max: 4 }, bookingRequest: { max: 2 } } })
    try {
      const owner = await person(tight.url, 'Owner')
      const availability = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }))
      const created = await owner.api('POST', 'booking/page-create', pageBody({ time_zone: 'UTC', min_notice_minutes: 0, availability }))
      const pageId = created.body.result._id as string
      const get = (url: string) => call(tight.url, 'GET', `/api/${url}`)
      const range = new URLSearchParams({
        page_id: pageId,
        from: new Date().toISOString(),
        to: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      })
      expect((await get(`booking/public?page_id=${pageId}`)).status).toBe(200)
      const slots = await get(`booking/slots?${range}`)
      const challenge = (await get('booking/challenge')).body.result as { token: string; bits: number }
      expect((await get('booking/challenge')).status).toBe(200)
      expect((await get(`booking/public?page_id=${pageId}`)).status).toBe(429)

      const body = { page_id: pageId, client_id: clientId(), start: slots.body.result.slots[0].start, name: 'G', email: uniqueEmail() }
      const made = await call(tight.url, 'POST', '/api/booking/request', {
        body: { ...body, challenge: { token: challenge.token, nonce: solve(challenge.token, challenge.bits) } },
      })
      expect(made.status).toBe(200)
      const cancel = { booking_id: made.body.result.booking._id, token: made.body.result.cancel_token }
      expect((await call(tight.url, 'PUT', '/api/booking/cancel-guest', { body: cancel })).status).toBe(200)
      expect((await call(tight.url, 'PUT', '/api/booking/cancel-guest', { body: cancel })).status).toBe(429)
      expect(
        (await call(tight.url, 'POST', '/api/booking/request', { body: { ...body, challenge: { token: 'x', nonce: '1' } } })).status,
      ).toBe(429)
    } finally {
      await tight.stop()
    }
  })
})
