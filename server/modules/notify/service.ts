import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  FALLBACK_LANGUAGE,
  type FriendStatus,
  type Language,
  LANGUAGES,
  NOTIFIABLE_TYPE_OF,
  type Notification,
  type NotifiableType,
  notificationTarget,
  type NotifyEvent,
  type NotifyInput,
  notifyText,
  type NotifyTextValues,
  PAGE_SIZE,
  SOCKET_EVENTS,
} from '../../../contract'
import type { AppContext } from '../../context'
import type { Executor, Tx } from '../../db/client'
import { type NotificationRow, notifications, users } from '../../db/schema'
import { forbidden, notFound } from '../../http/errors'
import { createPushService, type PushOutcome } from './push'

const actors = alias(users, 'actor')

const actorColumns = { id: actors.id, name: actors.name, photoUrl: actors.photoUrl, workid: actors.workid }
type ActorRow = { id: string; name: string; photoUrl: string | null; workid: string } | null

/** A notifications row (and its actor) as the wire's Notification (contract/notify.ts). */
function toNotification(row: NotificationRow, actor: ActorRow): Notification {
  return {
    _id: row.id,
    is_seen: row.seenAt !== null,
    created_at: row.createdAt.toISOString(),
    time: (row.time ?? row.createdAt).toISOString(),
    notifiable_type: row.notifiableType as NotifiableType,
    notifiable_id: row.notifiableId,
    object_id: row.objectId,
    value: row.value ?? null,
    customer: actor ? { _id: actor.id, name: actor.name, photo_url: actor.photoUrl, workid: actor.workid } : null,
    notify_message: row.notifyMessage,
    notify_message_json: row.notifyMessageJson ?? null,
    friend_status: (row.friendStatus ?? null) as FriendStatus | null,
  }
}

/** The stored fields of a typed event (everything but the words, which depend on the recipient's language). */
function fieldsOf(event: NotifyEvent): {
  actorId: string | null
  notifiableId: string | null
  objectId: string | null
  value: NotifyInput['value']
  values: NotifyTextValues
  time: Date | null
} {
  switch (event.kind) {
    case 'friend_request':
    case 'friend_accepted':
      return { actorId: event.actorId, notifiableId: event.actorId, objectId: null, value: { key: event.kind }, values: {}, time: null }
    case 'tag_message':
      return {
        actorId: event.actorId,
        notifiableId: event.messageId,
        objectId: event.topicId,
        value: {
          key: event.kind,
          topic_id: event.topicId,
          value: event.excerpt.slice(0, 200),
          ...(event.threadRootId ? { thread_root_id: event.threadRootId } : {}),
        },
        values: { title: event.topicName },
        time: null,
      }
    case 'todo':
    case 'todo_changed':
      return {
        actorId: event.actorId,
        notifiableId: event.todoId,
        objectId: event.todoId,
        value: { key: event.kind, deadline: event.deadline?.toISOString() ?? null },
        values: { title: event.title },
        time: event.deadline,
      }
    case 'todo_due':
      return {
        actorId: null,
        notifiableId: event.todoId,
        objectId: event.todoId,
        value: { key: event.kind, deadline: event.deadline.toISOString() },
        values: { title: event.title, time: event.deadline.toISOString() },
        time: event.deadline,
      }
    case 'calendar_approve':
    case 'calendar_reject':
    case 'calendar_done':
    case 'calendar_failed':
    case 'calendar_canceled':
      return {
        actorId: event.actorId,
        notifiableId: event.calendarId,
        objectId: event.calendarId,
        value: { key: event.kind },
        values: { title: event.title },
        time: null,
      }
    case 'calendar_assign':
      return {
        actorId: event.actorId,
        notifiableId: event.calendarId,
        objectId: event.calendarId,
        value: { key: event.kind, deadline: event.time.toISOString() },
        values: { title: event.title, time: event.time.toISOString() },
        time: event.time,
      }
    case 'calendar_notification':
      return {
        actorId: null,
        notifiableId: event.calendarId,
        objectId: event.calendarId,
        value: {
          key: event.kind,
          deadline: event.time.toISOString(),
          ...(event.message && { topic_id: event.message.topicId, seq: event.message.seq }),
        },
        values: { title: event.title, time: event.time.toISOString() },
        time: event.time,
      }
    case 'booking_request':
    case 'booking_approved':
    case 'booking_rejected':
    case 'booking_canceled':
    case 'booking_remind':
      return {
        actorId: event.actorId,
        notifiableId: event.bookingId,
        objectId: event.bookingId,
        value: { key: event.kind, booking: { calendar: { name: event.calendarName } }, deadline: event.time.toISOString() },
        values: { title: event.calendarName, time: event.time.toISOString() },
        time: event.time,
      }
    case 'payment_failed':
      return {
        actorId: null,
        notifiableId: event.paymentId,
        objectId: event.paymentId,
        value: { key: event.kind, stripe: { amount: event.amount } },
        values: { title: event.amount },
        time: null,
      }
    case 'subscription_expire':
    case 'subscription_past_due':
    case 'subscription_payment_failed':
      return {
        actorId: null,
        notifiableId: event.subscriptionId,
        objectId: event.subscriptionId,
        value: { key: event.kind, stripe: { plan: event.plan }, deadline: event.time.toISOString() },
        values: { title: event.plan, time: event.time.toISOString() },
        time: event.time,
      }
    case 'missed_call':
      return {
        actorId: event.actorId,
        notifiableId: event.callId,
        objectId: event.topicId,
        value: { key: event.kind, topic_id: event.topicId, value: { is_video: event.isVideo } },
        values: { time: event.time.toISOString() },
        time: event.time,
      }
    case 'scheduled_failed':
      return {
        actorId: null,
        notifiableId: event.scheduledId,
        objectId: event.topicId,
        value: { key: event.kind, topic_id: event.topicId },
        values: { title: event.topicName, time: event.time.toISOString() },
        time: event.time,
      }
  }
}

const asLanguage = (value: string | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : FALLBACK_LANGUAGE

/**
 * The notification inbox of a user (notify/*) and `notify`, which other domains call to tell a
 * user something: it stores the notification, sends it live as the socket event `data` and, when
 * none of the user's windows has the focus, as a browser push to each of the user's devices.
 */
/** The friend requests `actorId` sent `userId` that are still unanswered (friend_status 1). */
const pendingRequest = (userId: string, actorId: string) =>
  and(
    eq(notifications.userId, userId),
    eq(notifications.actorId, actorId),
    eq(notifications.notifiableType, 'friend'),
    eq(notifications.friendStatus, 1),
  )

export function createNotifyService(ctx: AppContext) {
  const { db } = ctx
  const push = createPushService(ctx)
  /** Pushes on their way (notify does not wait for the push services). */
  const sending = new Set<Promise<unknown>>()

  /** The push for a stored notification, unless one of the user's windows has the focus (it shows there). */
  async function pushUnlessFocused(userId: string, item: Notification): Promise<PushOutcome | 'focused'> {
    if (await ctx.realtime.hasFocusedWindow(userId)) return 'focused'
    return push.send(userId, {
      id: item._id,
      title: item.customer?.name || 'Workroom',
      body: item.notify_message,
      url: notificationTarget(item),
    })
  }

  /** Inserts the notification (inside the caller's transaction when `on` is one): the stored item, not yet delivered. */
  async function insert(on: Executor, userId: string, input: NotifyInput): Promise<Notification> {
    const [row] = await on
      .insert(notifications)
      .values({
        userId,
        actorId: input.actorId ?? null,
        notifiableType: input.type,
        notifiableId: input.notifiableId ?? null,
        objectId: input.objectId ?? null,
        value: input.value ?? null,
        notifyMessage: input.message,
        notifyMessageJson: input.messageJson ?? null,
        friendStatus: input.friendStatus ?? null,
        time: input.time ?? null,
      })
      .returning()
    if (!row) throw new Error('notification insert returned nothing')
    const actor = input.actorId
      ? ((await on.select(actorColumns).from(actors).where(eq(actors.id, input.actorId)).limit(1))[0] ?? null)
      : null
    return toNotification(row, actor)
  }

  /** A stored notification to the user's sockets (`data`) and, unless `push` is off, their devices. */
  function deliver(userId: string, item: Notification, push: boolean) {
    ctx.realtime.toUser(userId, 'data', item)
    if (!push) return
    // A push that cannot go (a push service down, the database busy) does not undo the notification.
    const pushing = pushUnlessFocused(userId, item).catch(() => undefined)
    sending.add(pushing)
    void pushing.finally(() => sending.delete(pushing))
  }

  async function store(userId: string, input: NotifyInput, push: boolean): Promise<Notification> {
    const item = await insert(db, userId, input)
    deliver(userId, item, push)
    return item
  }

  /** The input of a typed event for its recipient: words in the recipient's language, with the actor's name. */
  async function inputOf(userId: string, event: NotifyEvent, on: Executor = db): Promise<NotifyInput> {
    const fields = fieldsOf(event)
    const ids = [userId, ...(fields.actorId ? [fields.actorId] : [])]
    const people = await on.select({ id: users.id, name: users.name, language: users.language }).from(users).where(inArray(users.id, ids))
    const language = asLanguage(people.find((p) => p.id === userId)?.language)
    const name = fields.actorId ? (people.find((p) => p.id === fields.actorId)?.name ?? '') : undefined
    const values: NotifyTextValues = { ...fields.values, ...(name !== undefined ? { name } : {}) }
    return {
      type: NOTIFIABLE_TYPE_OF[event.kind],
      actorId: fields.actorId,
      notifiableId: fields.notifiableId,
      objectId: fields.objectId,
      value: fields.value,
      message: notifyText(event.kind, language, values),
      messageJson: { key: event.kind, value: values },
      friendStatus: event.kind === 'friend_request' ? 1 : event.kind === 'friend_accepted' ? 3 : null,
      time: fields.time,
    }
  }

  return {
    push,

    /** Waits for the pushes on their way (tests; and the server's close, after push.close()). */
    async pushesSettled(): Promise<void> {
      while (sending.size) await Promise.all([...sending])
    },

    /** Page `page` (1-based) of the user's notifications, 20 per page, newest first. */
    async list(userId: string, page: number): Promise<Notification[]> {
      const rows = await db
        .select({ row: notifications, actor: actorColumns })
        .from(notifications)
        .leftJoin(actors, eq(actors.id, notifications.actorId))
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.seq))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE)
      return rows.map(({ row, actor }) => toNotification(row, actor))
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)))
      return Number(row?.n ?? 0)
    },

    /**
     * Unknown id -> 404; someone else's -> 403. Marking a read one again changes nothing. Every
     * socket of the user hears NOTIFY_SEEN (its badge and shown push clear); answers the unread count.
     */
    async seen(userId: string, notifyId: string): Promise<number> {
      const [found] = await db
        .select({ userId: notifications.userId, seenAt: notifications.seenAt })
        .from(notifications)
        .where(eq(notifications.id, notifyId))
        .limit(1)
      if (!found) throw notFound()
      if (found.userId !== userId) throw forbidden()
      if (!found.seenAt)
        await db
          .update(notifications)
          .set({ seenAt: new Date() })
          .where(and(eq(notifications.id, notifyId), isNull(notifications.seenAt)))
      const unread = await this.unreadCount(userId)
      if (!found.seenAt) ctx.realtime.toUser(userId, SOCKET_EVENTS.NOTIFY_SEEN, { ids: [notifyId], notification: unread })
      return unread
    },

    /** Marks every unread notification of the user read (every socket of the user hears NOTIFY_SEEN); answers how many were unread. */
    async seenAll(userId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ seenAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)))
        .returning({ id: notifications.id })
      ctx.realtime.toUser(userId, SOCKET_EVENTS.NOTIFY_SEEN, { ids: null, notification: 0 })
      return rows.length
    },

    /**
     * Tells `userId` something: a typed event (`kind`, contract/notify-kinds.ts: its words in the
     * recipient's language and a message key for the client) or a raw input with its own words.
     * Stores it, sends it to the user's sockets as `data`, and pushes it to the user's devices when
     * none of the user's windows has the focus, unless `push: false` (the attention rules: do not
     * disturb keeps it in the app only).
     */
    async notify(userId: string, input: NotifyInput | NotifyEvent, opts: { push?: boolean } = {}): Promise<Notification> {
      return store(userId, 'kind' in input ? await inputOf(userId, input) : input, opts.push ?? true)
    },

    /**
     * `notify` inside the caller's transaction: the notification is stored with the caller's writes
     * (a queued job's handler: exactly once with its done mark) and goes out by the answered
     * `deliver`, which the caller calls once the transaction committed.
     */
    async notifyIn(tx: Tx, userId: string, event: NotifyEvent, opts: { push?: boolean } = {}): Promise<{ deliver(): void }> {
      const item = await insert(tx, userId, await inputOf(userId, event, tx))
      return { deliver: () => deliver(userId, item, opts.push ?? true) }
    },

    // friends (server/modules/relates)
    /** The friend requests `actorId` sent `userId` were accepted: they stay in the history as friend_status 3 (now friends). */
    async markFriendRequestAccepted(userId: string, actorId: string): Promise<void> {
      await db.update(notifications).set({ friendStatus: 3 }).where(pendingRequest(userId, actorId))
    },
    /** Removes the friend-request notifications `actorId` sent `userId` (answered, withdrawn or blocked); answers how many. */
    async removeFriendRequest(userId: string, actorId: string): Promise<number> {
      const rows = await db.delete(notifications).where(pendingRequest(userId, actorId)).returning({ id: notifications.id })
      return rows.length
    },
  }
}

export type NotifyService = ReturnType<typeof createNotifyService>
