import { randomUUID, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNull, lt, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyBaseLogger } from 'fastify'
import {
  type AttentionKind,
  BOOKING_POW_BITS,
  BOOKING_REMIND_MINUTES,
  type Booking,
  type BookingChallenge,
  type BookingDecideBody,
  type BookingListQuery,
  type BookingPage,
  bookingPageCreateBody,
  type BookingPageUpdateBody,
  type BookingPublicPage,
  bookingRequestBody,
  type BookingRequestResult,
  type BookingSlot,
  type BookingSlotsQuery,
  type BookingStatus,
  type Language,
  LIST_MAX,
  type NotifyEvent,
  PAGE_SIZE,
  SOCKET_EVENTS,
} from '../../../contract'
import type { AppContext } from '../../context'
import type { Executor, Tx } from '../../db/client'
import { type BookingPageRow, bookingPages, type BookingRow, bookings, users } from '../../db/schema'
import { badRequest, forbidden, HttpError, notFound, requiredField } from '../../http/errors'
import type { JobQueue, RunningJob } from '../../jobs/job-queue'
import type { OutgoingEmail } from '../../mail/mailer'
import type { AttentionService } from '../attention'
import { cancelToken, createChallenges, tokenHash } from './challenge'
import { type GuestEmailKind, guestEmail } from './emails'
import { bookable, type Busy, freeSlots, gridSlots, overlaps, type SlotRules } from './slots'
import { type BookingRows, pagePath, type PersonColumns, toBooking, toPage, toPublicPage } from './view'

type PageCreateInput = ReturnType<typeof bookingPageCreateBody.parse>
type RequestInput = ReturnType<typeof bookingRequestBody.parse>

/** The durable job that reminds both sides of an approved booking (server/jobs/job-queue.ts). */
export const BOOKING_REMIND_JOB = 'booking_remind'
export const bookingRemindKey = (bookingId: string) => `booking-remind:${bookingId}`

const MINUTE = 60_000
/** Requested and approved bookings hold their time; rejected and canceled ones do not. */
const LIVE: BookingStatus[] = ['requested', 'approved']
const isLive = (status: string) => (LIVE as string[]).includes(status)

const UNIQUE_VIOLATION = '23505'
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } }
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION
}

const owners = alias(users, 'booking_owner')
const bookers = alias(users, 'booking_booker')
const person = { id: users.id, name: users.name, workid: users.workid, photoUrl: users.photoUrl }
const ownerColumns = { id: owners.id, name: owners.name, workid: owners.workid, photoUrl: owners.photoUrl }
const bookerColumns = { id: bookers.id, name: bookers.name, workid: bookers.workid, photoUrl: bookers.photoUrl }

const rulesOf = (page: BookingPageRow): SlotRules => ({
  timeZone: page.timeZone,
  availability: page.availability,
  durationMinutes: page.durationMinutes,
  bufferMinutes: page.bufferMinutes,
  minNoticeMinutes: page.minNoticeMinutes,
  horizonDays: page.horizonDays,
})

const sameSecret = (given: string, storedHash: string | null) => {
  if (!storedHash) return false
  const a = Buffer.from(tokenHash(given))
  const b = Buffer.from(storedHash)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Booking pages (booking/*): the only writer of `booking_pages` and `bookings`. A page is its
 * owner's (page-update, page-delete, page: others 403; unknown or deleted: 404); its public view,
 * free times and requests are anyone's. A booking is seen by its page's owner and its signed-in
 * booker only (anyone else: 404); a guest reaches theirs with its cancel secret.
 *
 * One live (requested or approved) booking per time: a request locks its owner's pages' rows
 * (FOR UPDATE, in id order) in its transaction, checks that no live booking of any of the owner's
 * pages overlaps the time with its buffer, and inserts; a partial unique index on (page, start) of
 * live bookings is the backstop. Each write's notifications go out after it commits, under the
 * attention rules (to the owner: booking_request, booking_canceled, booking_remind; to a signed-in
 * booker: booking_approved, booking_rejected, booking_canceled, booking_remind); a guest is emailed
 * instead (the outbox row written in the write's transaction). BOOKING_CHANGED goes to the owner's
 * and a signed-in booker's sockets on every node. An approved booking's reminder is a durable job
 * (`booking_remind`, key `booking-remind:<id>`) scheduled in the decision's transaction and
 * cancelled in the transaction that rejects, cancels or deletes; it runs once (the booking's
 * reminded_at and the job's done mark commit together). Time is the server's clock (`config.now`).
 */
export function createBookingService(ctx: AppContext, deps: { attention: AttentionService; log: Pick<FastifyBaseLogger, 'error'> }) {
  const { db, realtime, config, mailer } = ctx
  const queue: JobQueue = ctx.queue
  const now = () => new Date(config.now())
  const key = config.keys.booking
  const challenges = createChallenges(key, config.now, BOOKING_POW_BITS)

  /** The page (not deleted) with its owner, or null. */
  async function pageWithOwner(on: Executor, pageId: string): Promise<{ page: BookingPageRow; owner: PersonColumns } | null> {
    const [row] = await on
      .select({ page: bookingPages, owner: person })
      .from(bookingPages)
      .innerJoin(users, eq(users.id, bookingPages.ownerId))
      .where(and(eq(bookingPages.id, pageId), isNull(bookingPages.deletedAt)))
      .limit(1)
    return row ?? null
  }

  /** The caller's own page: 404 unknown or deleted, 403 someone else's (a page is public by id). */
  async function ownPage(userId: string, pageId: string) {
    const found = await pageWithOwner(db, pageId)
    if (!found) throw notFound()
    if (found.page.ownerId !== userId) throw forbidden()
    return found
  }

  function heads(on: Executor, where: SQL | undefined) {
    return on
      .select({ booking: bookings, pageTitle: bookingPages.title, owner: ownerColumns, booker: bookerColumns })
      .from(bookings)
      .innerJoin(bookingPages, eq(bookingPages.id, bookings.pageId))
      .innerJoin(owners, eq(owners.id, bookings.ownerId))
      .leftJoin(bookers, eq(bookers.id, bookings.bookerId))
      .where(where)
      .$dynamic()
  }

  async function loadBooking(on: Executor, bookingId: string): Promise<BookingRows | null> {
    return (await heads(on, eq(bookings.id, bookingId)).limit(1))[0] ?? null
  }

  /** The live bookings of the owner's pages that keep time from [from, to). */
  async function busyOf(on: Executor, ownerId: string, from: number, to: number): Promise<Busy[]> {
    const rows = await on
      .select({ start: bookings.startAt, until: bookings.blockedUntil })
      .from(bookings)
      .where(
        and(
          eq(bookings.ownerId, ownerId),
          inArray(bookings.status, LIVE),
          lt(bookings.startAt, new Date(to)),
          gt(bookings.blockedUntil, new Date(from)),
        ),
      )
    return rows.map((r) => ({ start: r.start.getTime(), until: r.until.getTime() }))
  }

  /** BOOKING_CHANGED, on every node: to the owner's sockets and a signed-in booker's. */
  function announce(rows: BookingRows): Booking {
    const booking = toBooking(rows)
    realtime.toUser(rows.booking.ownerId, SOCKET_EVENTS.BOOKING_CHANGED, { booking })
    const { bookerId } = rows.booking
    if (bookerId && bookerId !== rows.booking.ownerId) realtime.toUser(bookerId, SOCKET_EVENTS.BOOKING_CHANGED, { booking })
    return booking
  }

  type BookingKind = 'booking_request' | 'booking_approved' | 'booking_rejected' | 'booking_canceled' | 'booking_remind'

  /** Tells a user about a booking through the attention rules; a failure is logged (the write it follows has committed). */
  async function tell(userId: string, kind: BookingKind, rows: BookingRows, actorId: string | null, attention: AttentionKind = 'other') {
    const event: NotifyEvent = {
      kind,
      actorId,
      bookingId: rows.booking.id,
      calendarName: rows.pageTitle,
      time: rows.booking.startAt,
    }
    try {
      await deps.attention.notifyIfAllowed(userId, { kind: attention, topicId: null }, event)
    } catch (err) {
      deps.log.error({ err, bookingId: rows.booking.id, kind }, 'booking notification failed')
    }
  }

  /** The booker's side of a change by the owner: a signed-in booker's notification (never the owner's own). */
  async function tellBooker(rows: BookingRows, kind: BookingKind, actorId: string | null) {
    const { bookerId, ownerId } = rows.booking
    if (bookerId && bookerId !== ownerId) await tell(bookerId, kind, rows, actorId)
  }

  /**
   * A guest's email about their booking, written to the outbox in the caller's transaction (so it
   * exists exactly when the change commits); null for a signed-in booker. Dispatch it after the commit.
   */
  async function guestMail(tx: Tx, booking: BookingRow, kind: GuestEmailKind): Promise<{ id: string; email: OutgoingEmail } | null> {
    if (booking.bookerId !== null || !booking.email) return null
    const found = await tx
      .select({ page: bookingPages, ownerName: users.name })
      .from(bookingPages)
      .innerJoin(users, eq(users.id, bookingPages.ownerId))
      .where(eq(bookingPages.id, booking.pageId))
      .limit(1)
    const { page, ownerName } = found[0]!
    const secret = cancelToken(key, booking.id)
    const email = guestEmail(
      kind,
      {
        bookingId: booking.id,
        title: page.title,
        ownerName,
        name: booking.name,
        email: booking.email,
        start: booking.startAt,
        end: booking.endAt,
        timeZone: booking.timeZone ?? page.timeZone,
        language: booking.language === 'vi' ? 'vi' : 'en',
        pageUrl: mailer.url(pagePath(page.id)),
        cancelUrl: mailer.url(`${pagePath(page.id)}?cancel=${encodeURIComponent(booking.id)}&token=${encodeURIComponent(secret)}`),
      },
      now(),
    )
    return { id: await mailer.store(tx, email), email }
  }

  const dispatch = (mail: { id: string; email: OutgoingEmail } | null) => {
    if (mail) mailer.dispatch(mail.id, mail.email)
  }

  /** Schedules (or moves) the approved booking's reminder BOOKING_REMIND_MINUTES before it starts; none once it has started. */
  async function planRemind(tx: Tx, booking: BookingRow) {
    const start = booking.startAt.getTime()
    if (start <= config.now()) return queue.cancel(tx, bookingRemindKey(booking.id))
    await queue.schedule(tx, {
      kind: BOOKING_REMIND_JOB,
      key: bookingRemindKey(booking.id),
      runAt: new Date(Math.max(start - BOOKING_REMIND_MINUTES * MINUTE, config.now())),
      payload: { bookingId: booking.id },
    })
  }

  /** Sets a booking's status (the caller holds its row's lock) and drops its reminder unless approved. */
  async function setStatus(tx: Tx, booking: BookingRow, status: BookingStatus): Promise<BookingRow> {
    const [after] = await tx.update(bookings).set({ status, updatedAt: now() }).where(eq(bookings.id, booking.id)).returning()
    if (status === 'approved') await planRemind(tx, after!)
    else await queue.cancel(tx, bookingRemindKey(booking.id))
    return after!
  }

  async function lockBooking(tx: Tx, bookingId: string): Promise<BookingRow | null> {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
    return row ?? null
  }

  /** The reminder: once, to the owner and a signed-in booker (a guest by email), while the booking is approved and ahead. */
  async function remind(job: RunningJob) {
    const bookingId = typeof job.payload.bookingId === 'string' ? job.payload.bookingId : null
    if (!bookingId) return
    const outcome = await db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId)
      const due = booking && booking.status === 'approved' && !booking.remindedAt && booking.startAt.getTime() > config.now()
      if (!due) {
        await job.markDone(tx)
        return null
      }
      const [after] = await tx.update(bookings).set({ remindedAt: now() }).where(eq(bookings.id, bookingId)).returning()
      const mail = await guestMail(tx, after!, 'remind')
      await job.markDone(tx)
      return { mail }
    })
    if (!outcome) return
    dispatch(outcome.mail)
    const rows = await loadBooking(db, bookingId)
    if (!rows) return
    await tell(rows.booking.ownerId, 'booking_remind', rows, null, 'booking_remind')
    const { bookerId, ownerId } = rows.booking
    if (bookerId && bookerId !== ownerId) await tell(bookerId, 'booking_remind', rows, null, 'booking_remind')
  }
  queue.handle(BOOKING_REMIND_JOB, remind)

  /**
   * The booking a repeated (page, client_id) made, answered again to the same requester (the same
   * signed-in booker, or a guest again: with its cancel secret); someone else's: 409 on client_id.
   */
  function repeatAnswer(rows: BookingRows, callerId: string | null): BookingRequestResult {
    if ((rows.booking.bookerId ?? null) !== callerId) throw new HttpError(409, 'invalidInput', { client_id: 'invalidInput' })
    return { booking: toBooking(rows), cancel_token: rows.booking.bookerId === null ? cancelToken(key, rows.booking.id) : null }
  }

  async function repeated(pageId: string, clientId: string): Promise<BookingRows | null> {
    return (await heads(db, and(eq(bookings.pageId, pageId), eq(bookings.clientId, clientId))).limit(1))[0] ?? null
  }

  async function challengeUsed(challengeId: string): Promise<boolean> {
    const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.challengeId, challengeId)).limit(1)
    return row !== undefined
  }

  /** 400 on `start` unless it is on the page's grid, after the minimum notice and before the horizon. */
  function requireSlot(page: BookingPageRow, start: number) {
    const rules = rulesOf(page)
    const window = bookable(rules, config.now())
    // (The window first: the grid is computed only near now.)
    if (!(start >= window.from && start < window.to) || !gridSlots(rules, start, start + 1).some((slot) => slot.start === start))
      throw badRequest('bookingNotASlot', 'start')
  }

  /** A page's live bookings, locked; the page's row is locked by the caller. */
  async function liveOf(tx: Tx, pageId: string): Promise<BookingRow[]> {
    return tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.pageId, pageId), inArray(bookings.status, LIVE)))
      .orderBy(asc(bookings.id))
      .for('update')
  }

  const service = {
    /** A new page of the caller's; the same client_id again answers the page it made. */
    async createPage(userId: string, input: PageCreateInput): Promise<BookingPage> {
      const at = now()
      const [made] = await db
        .insert(bookingPages)
        .values({
          ownerId: userId,
          clientId: input.client_id,
          title: input.title,
          description: input.description,
          durationMinutes: input.duration_minutes,
          bufferMinutes: input.buffer_minutes,
          minNoticeMinutes: input.min_notice_minutes,
          horizonDays: input.horizon_days,
          timeZone: input.time_zone,
          availability: input.availability,
          active: input.active ? 1 : 0,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: [bookingPages.ownerId, bookingPages.clientId] })
        .returning({ id: bookingPages.id })
      if (made) return service.page(userId, made.id)
      // A repeat (a retry after a lost answer): the page the first one made, unless it was deleted since.
      const [first] = await db
        .select({ id: bookingPages.id })
        .from(bookingPages)
        .where(and(eq(bookingPages.ownerId, userId), eq(bookingPages.clientId, input.client_id)))
        .limit(1)
      if (!first) throw notFound()
      return service.page(userId, first.id)
    },

    /** Changes the fields given (its owner); bookings already made stay as they are. */
    async updatePage(userId: string, body: BookingPageUpdateBody): Promise<BookingPage> {
      await ownPage(userId, body.page_id)
      await db.transaction(async (tx) => {
        const [page] = await tx.select().from(bookingPages).where(eq(bookingPages.id, body.page_id)).for('update')
        if (!page || page.deletedAt) throw notFound()
        const set: Partial<typeof bookingPages.$inferInsert> = { updatedAt: now() }
        if (body.title !== undefined) set.title = body.title
        if (body.description !== undefined) set.description = body.description
        if (body.duration_minutes !== undefined) set.durationMinutes = body.duration_minutes
        if (body.buffer_minutes !== undefined) set.bufferMinutes = body.buffer_minutes
        if (body.min_notice_minutes !== undefined) set.minNoticeMinutes = body.min_notice_minutes
        if (body.horizon_days !== undefined) set.horizonDays = body.horizon_days
        if (body.time_zone !== undefined) set.timeZone = body.time_zone
        if (body.availability !== undefined) set.availability = body.availability
        if (body.active !== undefined) set.active = body.active ? 1 : 0
        await tx.update(bookingPages).set(set).where(eq(bookingPages.id, page.id))
      })
      return service.page(userId, body.page_id)
    },

    /** Deletes the page (its owner): its live bookings are canceled in the same transaction and their bookers told. */
    async deletePage(userId: string, pageId: string): Promise<{ page_id: string }> {
      await ownPage(userId, pageId)
      const outcome = await db.transaction(async (tx) => {
        const [page] = await tx.select().from(bookingPages).where(eq(bookingPages.id, pageId)).for('update')
        if (!page || page.deletedAt) return null
        await tx.update(bookingPages).set({ deletedAt: now(), active: 0, updatedAt: now() }).where(eq(bookingPages.id, pageId))
        const canceled: { id: string; mail: { id: string; email: OutgoingEmail } | null }[] = []
        for (const booking of await liveOf(tx, pageId)) {
          const after = await setStatus(tx, booking, 'canceled')
          canceled.push({ id: after.id, mail: await guestMail(tx, after, 'canceled') })
        }
        return canceled
      })
      for (const { id, mail } of outcome ?? []) {
        dispatch(mail)
        const rows = await loadBooking(db, id)
        if (!rows) continue
        announce(rows)
        await tellBooker(rows, 'booking_canceled', userId)
      }
      return { page_id: pageId }
    },

    /** One of the caller's pages. */
    async page(userId: string, pageId: string): Promise<BookingPage> {
      const { page, owner } = await ownPage(userId, pageId)
      return toPage(page, owner)
    },

    /** The caller's pages, oldest first. */
    async pages(userId: string): Promise<BookingPage[]> {
      const rows = await db
        .select({ page: bookingPages, owner: person })
        .from(bookingPages)
        .innerJoin(users, eq(users.id, bookingPages.ownerId))
        .where(and(eq(bookingPages.ownerId, userId), isNull(bookingPages.deletedAt)))
        .orderBy(asc(bookingPages.createdAt), asc(bookingPages.id))
        .limit(LIST_MAX)
      return rows.map((r) => toPage(r.page, r.owner))
    },

    /** What anyone sees of a page (404: unknown or deleted). */
    async publicPage(pageId: string): Promise<BookingPublicPage> {
      const found = await pageWithOwner(db, pageId)
      if (!found) throw notFound()
      return toPublicPage(found.page, found.owner)
    },

    /** The free start times in [from, to): none while the page is off. */
    async slots(query: BookingSlotsQuery): Promise<{ slots: BookingSlot[] }> {
      const found = await pageWithOwner(db, query.page_id)
      if (!found) throw notFound()
      const { page } = found
      if (page.active !== 1) return { slots: [] }
      const from = Date.parse(query.from)
      const to = Date.parse(query.to)
      const reach = (page.durationMinutes + page.bufferMinutes) * MINUTE
      const busy = await busyOf(db, page.ownerId, from, to + reach)
      const free = freeSlots(rulesOf(page), from, to, config.now(), busy)
      return { slots: free.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() })) }
    },

    /** A proof-of-work puzzle (stores nothing). */
    challenge(): BookingChallenge {
      return challenges.issue()
    },

    /**
     * Requests a free time, as a signed-in booker (`callerId`) or a guest (name and email needed).
     * The proof of work first (400 on `challenge`), the page (404; 409 while it is off), then the
     * time: on the grid within notice and horizon (else 400 on `start`) and free (else 409 on `start`).
     */
    async request(callerId: string | null, input: RequestInput, language: Language): Promise<BookingRequestResult> {
      const challengeId = challenges.verify(input.challenge.token, input.challenge.nonce)
      if (!challengeId) throw badRequest('bookingChallengeFailed', 'challenge')
      const found = await pageWithOwner(db, input.page_id)
      if (!found) throw notFound()
      const repeat = await repeated(input.page_id, input.client_id)
      if (repeat) return repeatAnswer(repeat, callerId)
      if (await challengeUsed(challengeId)) throw badRequest('bookingChallengeFailed', 'challenge')

      let name = input.name
      let email = input.email
      if (callerId && (name === undefined || email === undefined)) {
        const [account] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, callerId))
        name ??= account?.name
        email ??= account?.email
      }
      if (!name) throw new HttpError(400, 'invalidInput', { name: requiredField('name') })
      if (!email) throw new HttpError(400, 'invalidInput', { email: requiredField('email') })

      const start = Date.parse(input.start)
      const id = randomUUID()
      let created: { repeat: BookingRows } | { id: string }
      try {
        created = await db.transaction(async (tx) => {
          // The owner's pages in id order: every request for any of their times waits here for the one before.
          await tx
            .select({ id: bookingPages.id })
            .from(bookingPages)
            .where(eq(bookingPages.ownerId, found.page.ownerId))
            .orderBy(asc(bookingPages.id))
            .for('update')
          const [page] = await tx.select().from(bookingPages).where(eq(bookingPages.id, input.page_id))
          if (!page || page.deletedAt) throw notFound()
          const again = (await heads(tx, and(eq(bookings.pageId, page.id), eq(bookings.clientId, input.client_id))).limit(1))[0]
          if (again) return { repeat: again }
          if (page.active !== 1) throw new HttpError(409, 'bookingPageInactive')
          requireSlot(page, start)
          const slot = { start, end: start + page.durationMinutes * MINUTE }
          const blockedUntil = slot.end + page.bufferMinutes * MINUTE
          if (overlaps(slot, page.bufferMinutes, await busyOf(tx, page.ownerId, start, blockedUntil)))
            throw new HttpError(409, 'bookingSlotTaken', { start: 'bookingSlotTaken' })
          const at = now()
          await tx.insert(bookings).values({
            id,
            pageId: page.id,
            ownerId: page.ownerId,
            bookerId: callerId,
            clientId: input.client_id,
            name,
            email,
            note: input.note,
            startAt: new Date(slot.start),
            endAt: new Date(slot.end),
            blockedUntil: new Date(blockedUntil),
            status: 'requested',
            cancelTokenHash: callerId ? null : tokenHash(cancelToken(key, id)),
            challengeId,
            timeZone: input.time_zone ?? null,
            language,
            createdAt: at,
            updatedAt: at,
          })
          return { id }
        })
      } catch (err) {
        if (!isUniqueViolation(err)) throw err
        // A race the locks did not order (the backstop index): which rule it broke, read again.
        const again = await repeated(input.page_id, input.client_id)
        if (again) return repeatAnswer(again, callerId)
        if (await challengeUsed(challengeId)) throw badRequest('bookingChallengeFailed', 'challenge')
        throw new HttpError(409, 'bookingSlotTaken', { start: 'bookingSlotTaken' })
      }
      if ('repeat' in created) return repeatAnswer(created.repeat, callerId)

      const rows = (await loadBooking(db, created.id))!
      const booking = announce(rows)
      if (rows.booking.ownerId !== callerId) await tell(rows.booking.ownerId, 'booking_request', rows, callerId)
      return { booking, cancel_token: callerId ? null : cancelToken(key, created.id) }
    },

    /** The page's owner approves or rejects a requested booking (its booker: 403; anyone else: 404; decided: 409). */
    async decide(userId: string, body: BookingDecideBody): Promise<Booking> {
      const outcome = await db.transaction(async (tx) => {
        const booking = await lockBooking(tx, body.booking_id)
        if (!booking) throw notFound()
        if (booking.ownerId !== userId) throw booking.bookerId === userId ? forbidden() : notFound()
        if (booking.status !== 'requested') throw new HttpError(409, 'bookingDecided')
        const approve = body.decision === 'approve'
        const after = await setStatus(tx, booking, approve ? 'approved' : 'rejected')
        return { approve, mail: await guestMail(tx, after, approve ? 'approved' : 'rejected') }
      })
      dispatch(outcome.mail)
      const rows = (await loadBooking(db, body.booking_id))!
      const booking = announce(rows)
      await tellBooker(rows, outcome.approve ? 'booking_approved' : 'booking_rejected', userId)
      return booking
    },

    /** Its page's owner or its signed-in booker cancels a live booking (anyone else: 404; not live: 409); the other side is told. */
    async cancel(userId: string, bookingId: string): Promise<Booking> {
      const outcome = await db.transaction(async (tx) => {
        const booking = await lockBooking(tx, bookingId)
        if (!booking || (booking.ownerId !== userId && booking.bookerId !== userId)) throw notFound()
        if (!isLive(booking.status)) throw new HttpError(409, 'bookingNotLive')
        const after = await setStatus(tx, booking, 'canceled')
        const byOwner = booking.ownerId === userId
        return { byOwner, mail: byOwner ? await guestMail(tx, after, 'canceled') : null }
      })
      dispatch(outcome.mail)
      const rows = (await loadBooking(db, bookingId))!
      const booking = announce(rows)
      if (outcome.byOwner) await tellBooker(rows, 'booking_canceled', userId)
      else await tell(rows.booking.ownerId, 'booking_canceled', rows, userId)
      return booking
    },

    /** A guest cancels with their secret (a wrong one, or a signed-in booker's booking: 404; not live: 409); the owner is told. */
    async cancelGuest(bookingId: string, token: string): Promise<Booking> {
      await db.transaction(async (tx) => {
        const booking = await lockBooking(tx, bookingId)
        if (!booking || booking.bookerId !== null || !sameSecret(token, booking.cancelTokenHash)) throw notFound()
        if (!isLive(booking.status)) throw new HttpError(409, 'bookingNotLive')
        await setStatus(tx, booking, 'canceled')
      })
      const rows = (await loadBooking(db, bookingId))!
      const booking = announce(rows)
      await tell(rows.booking.ownerId, 'booking_canceled', rows, null)
      return booking
    },

    /** One booking, for its page's owner or its signed-in booker (anyone else: 404). */
    async info(userId: string, bookingId: string): Promise<Booking> {
      const rows = await loadBooking(db, bookingId)
      if (!rows || (rows.booking.ownerId !== userId && rows.booking.bookerId !== userId)) throw notFound()
      return toBooking(rows)
    },

    /** The caller's bookings as owner or as booker, soonest first (then by id); upcoming: those ending after now; 20 a page. */
    async list(userId: string, query: BookingListQuery): Promise<Booking[]> {
      const conditions = [query.role === 'owner' ? eq(bookings.ownerId, userId) : eq(bookings.bookerId, userId)]
      if (query.status) conditions.push(eq(bookings.status, query.status))
      if (query.upcoming === '1') conditions.push(gt(bookings.endAt, now()))
      const rows = await heads(db, and(...conditions))
        .orderBy(asc(bookings.startAt), asc(bookings.id))
        .limit(PAGE_SIZE)
        .offset((query.page - 1) * PAGE_SIZE)
      return rows.map(toBooking)
    },
  }
  return service
}

export type BookingService = ReturnType<typeof createBookingService>
