import { and, count, desc, eq, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type FriendStatus, type Notification, type NotifiableType, type NotifyInput, PAGE_SIZE } from '../../../contract'
import type { AppContext } from '../../context'
import { type NotificationRow, notifications, users } from '../../db/schema'
import { forbidden, notFound } from '../../http/errors'

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

/**
 * The notification inbox of a user (notify/*) and `notify`, which other domains call to tell a
 * user something: it stores the notification and sends it live as the socket event `data`.
 */
export function createNotifyService(ctx: AppContext) {
  const { db } = ctx

  return {
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

    /** Unknown id -> 404; someone else's -> 403. Marking a read one again changes nothing. */
    async seen(userId: string, notifyId: string): Promise<void> {
      const [found] = await db.select({ userId: notifications.userId, seenAt: notifications.seenAt }).from(notifications).where(eq(notifications.id, notifyId)).limit(1)
      if (!found) throw notFound()
      if (found.userId !== userId) throw forbidden()
      if (found.seenAt) return
      await db.update(notifications).set({ seenAt: new Date() }).where(and(eq(notifications.id, notifyId), isNull(notifications.seenAt)))
    },

    /** Marks every unread notification of the user read; answers how many were unread. */
    async seenAll(userId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ seenAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)))
        .returning({ id: notifications.id })
      return rows.length
    },

    /** Stores a notification for `userId` and sends it to the user's sockets as `data`. */
    async notify(userId: string, input: NotifyInput): Promise<Notification> {
      const [row] = await db
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
        ? ((await db.select(actorColumns).from(actors).where(eq(actors.id, input.actorId)).limit(1))[0] ?? null)
        : null
      const item = toNotification(row, actor)
      ctx.realtime.toUser(userId, 'data', item)
      return item
    },

    // friends (server/modules/relates)
    /** Removes the friend-request notifications `actorId` sent `userId` (answered, withdrawn or blocked); answers how many. */
    async removeFriendRequest(userId: string, actorId: string): Promise<number> {
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.actorId, actorId), eq(notifications.notifiableType, 'friend'), eq(notifications.friendStatus, 1)))
        .returning({ id: notifications.id })
      return rows.length
    },
  }
}

export type NotifyService = ReturnType<typeof createNotifyService>
