import { createHmac, timingSafeEqual } from 'node:crypto'
import { aliasedTable, and, desc, eq, gt, inArray, isNull, lt, lte, ne, not, type SQL, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import {
  type AttentionEvent,
  type AttentionPrefs,
  type AttentionSettings,
  type AttentionSettingsBody,
  DEFAULT_PREFS,
  type Delivery,
  deliveryRules,
  type DndOption,
  dndUntil,
  inDnd,
  LIST_MAX,
  matchKeywords,
  muteUntil,
  type NotifyAnywayResult,
  type NotifyEvent,
  type NotifyLevel,
  type PersonAttention,
  SOCKET_EVENTS,
  type TopicAttention,
  type TopicAttentionBody,
  topicState,
} from '../../../contract'
import type { AppContext } from '../../context'
import {
  type AttentionSettingsRow,
  attentionNudges,
  attentionSettings,
  messages,
  topicAttention,
  topicMembers,
  topics,
  users,
} from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { plainText } from '../../http/sanitize'
import { markdownToPlain } from '../../../contract/markdown-text'
import type { NotifyService } from '../notify'
import { blockedSql } from '../relates'
import { requireTopicMember, requireTopicWriter } from '../topic'
import { digestEmail, type DigestItem } from './digest-email'

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
const EXCERPT = 200
/** Messages older than the delay plus this are no longer emailed (a long outage does not flood inboxes). */
const DIGEST_LOOKBACK_MS = 24 * 60 * 60 * 1000
/** At most this many (message, reader) pairs are looked at per run; the rest wait for the next. */
const DIGEST_BATCH = 2000

/** A message that mentions someone: the predicate of the partial index messages_mentions_idx (the digest finds them through it). */
const MENTIONS_SOMEONE = sql`${messages.mentions} <> '[]'::jsonb`

type SettingsFields = Pick<AttentionSettingsRow, 'timeZone' | 'dndUntil' | 'dndSchedule' | 'digestEmail'>

/** A settings row (or none) and topic rows as the rules read them. */
function prefsOf(row: Partial<SettingsFields> | null | undefined, topicRows: TopicAttention[]): AttentionPrefs {
  if (!row) return { ...DEFAULT_PREFS, topics: topicRows }
  return {
    time_zone: row.timeZone ?? null,
    dnd_until: iso(row.dndUntil),
    dnd_schedule: row.dndSchedule ?? null,
    digest_email: (row.digestEmail ?? 1) === 1,
    topics: topicRows,
  }
}

const topicRowOf = (r: { topicId: string; level: string; mutedUntil: Date | null }): TopicAttention => ({
  topic_id: r.topicId,
  level: r.level as NotifyLevel,
  muted_until: iso(r.mutedUntil),
})

/** The service of a message the rules need: who sent it where, what it says, whom it mentions. */
export interface SentMessage {
  _id: string
  topic_id: string
  message: string
  mentions: string[]
  /** A thread reply: its root (the notification opens the thread). */
  thread_root_id?: string | null
}

/**
 * Attention: each person's settings (time zone, do not disturb, keyword alerts, the missed-message
 * email) and per-topic level and mute; `deliveryFor`, which every sender of notifications, pushes,
 * rings and emails asks; the alerts of a sent message (mentions and keywords, once per reader);
 * "notify anyway"; and the missed-message digest, run by the scheduler.
 */
export function createAttentionService(ctx: AppContext, { notify }: { notify: NotifyService }) {
  const { db, config, mailer, realtime } = ctx
  const now = () => new Date(config.now())
  /** After a write of the user's settings: their other tabs and devices (every socket, every node) load them again. */
  const changed = (userId: string) => realtime.toUser(userId, SOCKET_EVENTS.SETTINGS_CHANGED, { area: 'attention' })
  /**
   * After the user's do not disturb or working hours changed: the people they share a chat with, 1:1
   * or group (their sockets are in its room), hear PERSON_DND_CHANGED, so a chat open with them shows
   * or drops its notice, and their presence dots the red bar, at once. One query, one emit to all
   * those rooms; the event names the user only.
   */
  async function dndChanged(userId: string) {
    const rows = await db.select({ topicId: topicMembers.topicId }).from(topicMembers).where(eq(topicMembers.userId, userId))
    if (rows.length) realtime.toRooms({ topicIds: rows.map((r) => r.topicId) }, SOCKET_EVENTS.PERSON_DND_CHANGED, { customer_id: userId })
  }
  const unsubscribeKey = config.keys.unsubscribe

  /**
   * Everyone's keyword alerts, per node: a send matches its text against them in memory and asks
   * the database only about the members whose words it contains (a plain send stays one
   * statement). Loaded at start, updated by this node's changes and reloaded every 30 s off the
   * request path for the other nodes' changes.
   */
  let keywordHolders = new Map<string, string[]>()
  const loadKeywordHolders = async () => {
    try {
      const rows = await db
        .select({ userId: attentionSettings.userId, keywords: attentionSettings.keywords })
        .from(attentionSettings)
        .where(sql`jsonb_array_length(${attentionSettings.keywords}) > 0`)
      keywordHolders = new Map(rows.map((r) => [r.userId, r.keywords]))
    } catch {
      // The database is going away (shutdown) or busy: keep the last set until the next reload.
    }
  }
  const loaded = loadKeywordHolders()
  const reload = setInterval(() => void loadKeywordHolders(), 30_000)
  reload.unref()
  async function holders(): Promise<Map<string, string[]>> {
    await loaded
    return keywordHolders
  }

  async function settingsRow(userId: string) {
    const [row] = await db.select().from(attentionSettings).where(eq(attentionSettings.userId, userId)).limit(1)
    return row ?? null
  }

  async function topicRows(userId: string, topicIds?: string[]): Promise<TopicAttention[]> {
    const rows = await db
      .select({ topicId: topicAttention.topicId, level: topicAttention.level, mutedUntil: topicAttention.mutedUntil })
      .from(topicAttention)
      .where(and(eq(topicAttention.userId, userId), topicIds ? inArray(topicAttention.topicId, topicIds) : undefined))
      .limit(LIST_MAX)
    return rows.map(topicRowOf)
  }

  async function settings(userId: string): Promise<AttentionSettings> {
    const [row, topicList] = await Promise.all([settingsRow(userId), topicRows(userId)])
    return { ...prefsOf(row, topicList), keywords: row?.keywords ?? [] }
  }

  async function prefs(userId: string, topicId?: string | null): Promise<AttentionPrefs> {
    const [row, topicList] = await Promise.all([settingsRow(userId), topicId ? topicRows(userId, [topicId]) : Promise.resolve([])])
    return prefsOf(row, topicList)
  }

  /**
   * Prefs of several people for one topic, in one statement; those who blocked `senderId` are left
   * out: nothing the sender does reaches them (a mention, a keyword, notify anyway).
   */
  async function prefsOfReaders(userIds: string[], topicId: string, senderId: string): Promise<Map<string, AttentionPrefs>> {
    if (userIds.length === 0) return new Map()
    const rows = await db
      .select({
        userId: users.id,
        settings: attentionSettings,
        topic: { topicId: topicAttention.topicId, level: topicAttention.level, mutedUntil: topicAttention.mutedUntil },
      })
      .from(users)
      .leftJoin(attentionSettings, eq(attentionSettings.userId, users.id))
      .leftJoin(topicAttention, and(eq(topicAttention.userId, users.id), eq(topicAttention.topicId, topicId)))
      .where(and(inArray(users.id, userIds), not(blockedSql(sql`${users.id}`, senderId))))
    return new Map(rows.map((r) => [r.userId, prefsOf(r.settings, r.topic?.topicId ? [topicRowOf(r.topic)] : [])]))
  }

  async function upsertSettings(userId: string, values: Partial<typeof attentionSettings.$inferInsert>) {
    await db
      .insert(attentionSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: attentionSettings.userId, set: { ...values, updatedAt: now() } })
  }

  const sign = (userId: string) => createHmac('sha256', unsubscribeKey).update(`digest-off|${userId}`).digest('base64url')

  /** The unsubscribe link's token: the user id and its HMAC (no expiry: an old email's link keeps working). */
  const unsubscribeToken = (userId: string) => `${userId}.${sign(userId)}`

  /**
   * The (message, reader) pairs the missed-message email may list, the DIGEST_BATCH oldest: messages
   * sent in (since, at], not deleted, that the reader (not their sender) has not seen, has not been
   * emailed about and keeps the email on for, and that mention the reader, are in a 1:1 chat, or are
   * in a group where the reader follows keywords (the words are matched afterwards); each pair once.
   *
   * Each branch starts from the few rows that can qualify (the window's messages with mentions,
   * through their partial index; 1:1 topics with a message in the window; the memberships of the
   * people with keywords, from this node's keyword holders) and reaches the messages of each through (topic_id, seq), so
   * the work follows those and not the group messages nobody is alerted to. Joining every unseen
   * (message, member) pair of the window instead held the embedded database for seconds once a
   * minute on a busy group (about 9 s of CPU for 200 members and 22,000 messages in the chat fan-out
   * bench), and every send waited behind it. The per-row steps are LATERAL subqueries with a LIMIT
   * (which keeps PostgreSQL from pulling them up into the join), so the planner cannot turn them
   * around: PGlite never analyzes its tables, and without statistics it took "the group's messages
   * for each member" for cheap.
   */
  async function digestCandidates(since: Date, at: Date) {
    // At most 30 s behind another node's change: a new follower's messages wait for the next run, a
    // former one's are read and then not listed (their words are matched as stored).
    const followers = [...(await holders()).keys()]
    const readerSettings = aliasedTable(attentionSettings, 'reader_settings')
    const sinceAt = sql`${since.toISOString()}::timestamptz`
    /** Sent in the window, after what the email already told the reader, and not deleted. */
    const notYetEmailed = and(
      sql`${messages.createdAt} > greatest(${sinceAt}, ${readerSettings.digestThrough})`,
      lte(messages.createdAt, at),
      isNull(messages.deletedAt),
    )
    const keepsEmail = sql`coalesce(${readerSettings.digestEmail}, 1) = 1`
    /** For the member row on the left: its topic's oldest messages after its last seen one, from others, that do not mention the reader. */
    const unseenNotMentioning = db
      .select({ id: messages.id, createdAt: messages.createdAt })
      .from(messages)
      .where(
        and(
          eq(messages.topicId, topicMembers.topicId),
          gt(messages.seq, topicMembers.lastSeenSeq),
          ne(messages.senderId, topicMembers.userId),
          sql`not ${messages.mentions} @> jsonb_build_array(${topicMembers.userId})`,
          notYetEmailed,
          // Nothing from someone the reader blocked.
          not(blockedSql(sql`${topicMembers.userId}`, sql`${messages.senderId}`)),
        ),
      )
      .orderBy(messages.seq)
      .limit(DIGEST_BATCH)
      .as('unseen')
    // Members with unread messages of a topic: one side of a 1:1 chat, or someone following keywords in a group.
    const unseenTopics = (where: SQL | undefined) =>
      db
        .select({ messageId: unseenNotMentioning.id, readerId: topicMembers.userId, createdAt: unseenNotMentioning.createdAt })
        .from(topicMembers)
        .innerJoin(
          topics,
          and(eq(topics.id, topicMembers.topicId), lt(topicMembers.lastSeenSeq, topics.lastSeq), gt(topics.lastMessageAt, since)),
        )
        .leftJoin(readerSettings, eq(readerSettings.userId, topicMembers.userId))
        .innerJoinLateral(unseenNotMentioning, sql`true`)
        .where(and(where, keepsEmail))
    const oneToOne = unseenTopics(eq(topics.isGroup, 0))
    const followed = unseenTopics(and(inArray(topicMembers.userId, followers), eq(topics.isGroup, 1)))
    // Each message with mentions, then the member row of each mentioned id that has not seen it.
    const mentionedMembers = db
      .select({ userId: topicMembers.userId })
      .from(sql`jsonb_array_elements_text(${messages.mentions}) as mentioned(user_id)`)
      .innerJoin(
        topicMembers,
        and(
          eq(topicMembers.topicId, messages.topicId),
          eq(topicMembers.userId, sql`mentioned.user_id`),
          lt(topicMembers.lastSeenSeq, messages.seq),
          ne(topicMembers.userId, messages.senderId),
          not(blockedSql(sql`${topicMembers.userId}`, sql`${messages.senderId}`)),
        ),
      )
      .limit(DIGEST_BATCH)
      .as('reader')
    const mentioned = db
      .select({ messageId: messages.id, readerId: mentionedMembers.userId, createdAt: messages.createdAt })
      .from(messages)
      .innerJoinLateral(mentionedMembers, sql`true`)
      .leftJoin(readerSettings, eq(readerSettings.userId, mentionedMembers.userId))
      .where(and(MENTIONS_SOMEONE, gt(messages.createdAt, since), notYetEmailed, keepsEmail))
    const branches = followers.length ? unionAll(mentioned, oneToOne, followed) : unionAll(mentioned, oneToOne)
    return branches.orderBy(messages.createdAt).limit(DIGEST_BATCH)
  }

  /** One reader's alert for a message (a mention or a keyword), if the rules let it through. */
  async function alert(
    readerId: string,
    sender: { id: string; name: string },
    message: SentMessage,
    topicName: string,
    why: 'mention' | 'keyword' | 'notify_anyway',
    push: boolean,
    urgent = false,
  ) {
    // A text message is markdown: the notification and its push read without its markers.
    const text = plainText(markdownToPlain(message.message)).slice(0, EXCERPT)
    // A mention has its words in the reader's language (contract/notify-kinds.ts).
    if (why === 'mention') {
      await notify.notify(
        readerId,
        {
          kind: 'tag_message',
          actorId: sender.id,
          messageId: message._id,
          topicId: message.topic_id,
          topicName: topicName || sender.name,
          excerpt: text,
          ...(message.thread_root_id ? { threadRootId: message.thread_root_id } : {}),
        },
        { push },
      )
      return
    }
    const where = topicName ? ` in ${topicName}` : ''
    const wording = {
      keyword: `${sender.name} wrote a word you follow${where}`,
      notify_anyway: `${sender.name} asked to notify you${where}`,
    }[why]
    await notify.notify(
      readerId,
      {
        type: 'tag_message',
        actorId: sender.id,
        notifiableId: message._id,
        objectId: message.topic_id,
        value: {
          topic_id: message.topic_id,
          key: why,
          value: text,
          ...(urgent ? { urgent: true } : {}),
          ...(message.thread_root_id ? { thread_root_id: message.thread_root_id } : {}),
        },
        message: wording,
        messageJson: { key: why, value: { title: topicName } },
      },
      { push },
    )
  }

  return {
    settings,

    /** Stops the keyword holders' reload (server shutdown). */
    close() {
      clearInterval(reload)
    },

    /**
     * Whom a call of `callerId` in the topic may ring (deliveryRules' `ring`), in one query: each
     * callee with null (rings) or why the ring is held back, 'muted' (the topic is muted) or 'dnd'
     * (do not disturb, or outside working hours). Those who blocked the caller are left out: no call
     * of theirs reaches them at all.
     */
    async ringFor(callerId: string, topicId: string, calleeIds: string[], at: Date = now()): Promise<Map<string, 'dnd' | 'muted' | null>> {
      const prefs = await prefsOfReaders(calleeIds, topicId, callerId)
      const event: AttentionEvent = { kind: 'call', topicId }
      return new Map(
        [...prefs].map(([userId, p]) => [
          userId,
          deliveryRules(p, event, at).ring ? null : topicState(p, topicId, at).muted ? 'muted' : 'dnd',
        ]),
      )
    },

    /** What may reach `userId` for `event` at `at` (the rules of contract/attention.ts with the user's settings). */
    async deliveryFor(userId: string, event: AttentionEvent, at: Date = now()): Promise<Delivery> {
      return deliveryRules(await prefs(userId, event.topicId), event, at)
    },

    /**
     * Notifies `userId` of `notification` when the attention rules let `event` reach them now, pushed
     * where they allow a push (to-dos, calendar entries, bookings); answers whether it was stored.
     */
    async notifyIfAllowed(userId: string, event: AttentionEvent, notification: NotifyEvent): Promise<boolean> {
      const delivery = deliveryRules(await prefs(userId, event.topicId), event, now())
      if (delivery.notify) await notify.notify(userId, notification, { push: delivery.push })
      return delivery.notify
    },

    async update(userId: string, body: AttentionSettingsBody): Promise<AttentionSettings> {
      const values: Partial<typeof attentionSettings.$inferInsert> = {}
      if (body.time_zone !== undefined) values.timeZone = body.time_zone
      if (body.dnd_schedule !== undefined)
        values.dndSchedule = body.dnd_schedule ? { ...body.dnd_schedule, days: [...new Set(body.dnd_schedule.days)].sort() } : null
      if (body.keywords !== undefined) values.keywords = [...new Set(body.keywords.map((k) => k.trim()))]
      if (body.digest_email !== undefined) values.digestEmail = body.digest_email ? 1 : 0
      await upsertSettings(userId, values)
      if (values.keywords) {
        const held = await holders()
        if (values.keywords.length) held.set(userId, values.keywords)
        else held.delete(userId)
      }
      changed(userId)
      if (body.dnd_schedule !== undefined || body.time_zone !== undefined) await dndChanged(userId)
      return settings(userId)
    },

    async dnd(userId: string, option: DndOption): Promise<AttentionSettings> {
      const row = await settingsRow(userId)
      const until = dndUntil(option, now(), row?.timeZone ?? 'UTC')
      await upsertSettings(userId, { dndUntil: until ? new Date(until) : null })
      changed(userId)
      await dndChanged(userId)
      return settings(userId)
    },

    /** A member's level and mute of a topic (404 unknown topic, 403 not a member). */
    async setTopic(userId: string, body: TopicAttentionBody): Promise<TopicAttention> {
      await requireTopicMember(db, body.topic_id, userId)
      const [current] = await topicRows(userId, [body.topic_id])
      const tz = (await settingsRow(userId))?.timeZone ?? 'UTC'
      const level = body.level ?? current?.level ?? 'everything'
      const mutedUntil = body.mute !== undefined ? muteUntil(body.mute, now(), tz) : (current?.muted_until ?? null)
      const values = { level, mutedUntil: mutedUntil ? new Date(mutedUntil) : null }
      await db
        .insert(topicAttention)
        .values({ userId, topicId: body.topic_id, ...values })
        .onConflictDoUpdate({ target: [topicAttention.userId, topicAttention.topicId], set: values })
      changed(userId)
      return { topic_id: body.topic_id, level, muted_until: mutedUntil }
    },

    /**
     * Whether `customerId` is in do not disturb now: only for someone who shares a topic with the
     * caller and whom they did not block (404 unknown, 403 otherwise).
     */
    async person(callerId: string, customerId: string): Promise<PersonAttention> {
      const [user] = await db
        .select({ id: users.id, blockedCaller: blockedSql(sql`${users.id}`, callerId) })
        .from(users)
        .where(eq(users.id, customerId))
        .limit(1)
      if (!user) throw notFound()
      if (user.blockedCaller) throw forbidden()
      if (customerId !== callerId) {
        const mine = aliasedTable(topicMembers, 'mine')
        const [shared] = await db
          .select({ topicId: topicMembers.topicId })
          .from(topicMembers)
          .innerJoin(mine, and(eq(mine.topicId, topicMembers.topicId), eq(mine.userId, callerId)))
          .where(eq(topicMembers.userId, customerId))
          .limit(1)
        if (!shared) throw forbidden()
      }
      const at = now()
      const p = await prefs(customerId)
      const manual = p.dnd_until && Date.parse(p.dnd_until) > at.getTime() ? p.dnd_until : null
      return { customer_id: customerId, dnd: inDnd(p, at), dnd_until: manual }
    },

    /** Who of these people is in do not disturb now (by hand or their working hours), in one query; the caller checked who may know. */
    async dndOf(userIds: readonly string[]): Promise<Set<string>> {
      if (!userIds.length) return new Set()
      const rows = await db
        .select()
        .from(attentionSettings)
        .where(inArray(attentionSettings.userId, [...userIds]))
      const at = now()
      return new Set(rows.filter((row) => inDnd(prefsOf(row, []), at)).map((row) => row.userId))
    },

    /**
     * The alerts of a message just sent: each mentioned member and each member with a keyword the
     * message contains gets one tag_message notification (one even when both), when their topic
     * level and mute let it through; never the sender, nor anyone who blocked the sender.
     */
    async alertsFor(sender: { id: string; name: string }, message: SentMessage, topicNameOf: () => Promise<string>): Promise<void> {
      const mentioned = new Set(message.mentions.filter((id) => id !== sender.id))
      const keywordReaders = new Set<string>()
      const held = await holders()
      if (held.size > 0) {
        const text = plainText(message.message)
        // Whose words the message holds (in memory); then which of them are in the topic (one query, only then).
        const candidates = [...held]
          .filter(([id, keywords]) => id !== sender.id && !mentioned.has(id) && matchKeywords(text, keywords).length > 0)
          .map(([id]) => id)
        const rows = candidates.length
          ? await db
              .select({ userId: topicMembers.userId })
              .from(topicMembers)
              .where(and(eq(topicMembers.topicId, message.topic_id), inArray(topicMembers.userId, candidates.slice(0, 5000))))
          : []
        for (const row of rows) keywordReaders.add(row.userId)
      }
      const readers = [...mentioned, ...keywordReaders]
      if (readers.length === 0) return
      const [prefsByUser, topicName] = await Promise.all([prefsOfReaders(readers, message.topic_id, sender.id), topicNameOf()])
      const at = now()
      await Promise.all(
        readers.map((readerId) => {
          const p = prefsByUser.get(readerId)
          if (!p) return null
          const delivery = deliveryRules(p, { kind: 'mention', topicId: message.topic_id }, at)
          if (!delivery.notify) return null
          return alert(readerId, sender, message, topicName, mentioned.has(readerId) ? 'mention' : 'keyword', delivery.push)
        }),
      )
    },

    /**
     * "Notify anyway": the caller's latest message in the topic reaches each other member who is in
     * do not disturb now, whose topic level and mute let an urgent message through and who did not
     * block the caller; once per message and reader (a repeat notifies no one again). Only from
     * someone who may write in the topic (requireTopicWriter: a block or friends-only refuses it).
     */
    async notifyAnyway(callerId: string, topicId: string): Promise<NotifyAnywayResult> {
      const access = await requireTopicWriter(db, topicId, callerId)
      const [latest] = await db
        .select({ id: messages.id, body: messages.body, mentions: messages.mentions })
        .from(messages)
        .where(and(eq(messages.topicId, topicId), eq(messages.senderId, callerId), isNull(messages.deletedAt)))
        .orderBy(desc(messages.seq))
        .limit(1)
      if (!latest) throw badRequest('invalidInput', 'topic_id')
      const others = (
        await db
          .select({ userId: topicMembers.userId })
          .from(topicMembers)
          .where(and(eq(topicMembers.topicId, topicId), ne(topicMembers.userId, callerId)))
          .limit(LIST_MAX)
      ).map((r) => r.userId)
      const prefsByUser = await prefsOfReaders(others, topicId, callerId)
      const at = now()
      const reached = others.filter((id) => {
        const p = prefsByUser.get(id)
        if (!p) return false
        const event = { kind: 'mention' as const, topicId }
        return !deliveryRules(p, event, at).push && deliveryRules(p, { ...event, urgent: true }, at).push
      })
      if (reached.length === 0) return { notified: 0 }
      const fresh = await db
        .insert(attentionNudges)
        .values(reached.map((userId) => ({ messageId: latest.id, userId })))
        .onConflictDoNothing()
        .returning({ userId: attentionNudges.userId })
      const topicName = access.topic.isGroup === 1 ? access.topic.name : ''
      const message = { _id: latest.id, topic_id: topicId, message: latest.body, mentions: latest.mentions }
      await Promise.all(
        fresh.map((r) => alert(r.userId, { id: callerId, name: access.caller.name }, message, topicName, 'notify_anyway', true, true)),
      )
      return { notified: fresh.length }
    },

    unsubscribeToken,

    /** Turns the missed-message email off for the token's user; a forged or unknown token is 400. */
    async unsubscribe(token: string): Promise<{ digest_email: false }> {
      const dot = token.lastIndexOf('.')
      const userId = dot > 0 ? token.slice(0, dot) : ''
      const given = Buffer.from(token.slice(dot + 1))
      const expected = Buffer.from(sign(userId))
      const genuine = userId !== '' && given.length === expected.length && timingSafeEqual(given, expected)
      if (!genuine) throw badRequest('invalidInput', 'token')
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)
      if (!user) throw badRequest('invalidInput', 'token')
      await upsertSettings(userId, { digestEmail: 0 })
      changed(userId)
      return { digest_email: false }
    },

    /**
     * The missed-message email (the scheduler runs it once per minute on one node): for each person,
     * the mentions, keyword hits and 1:1 messages they have not seen (from anyone they did not block), that the rules let through to
     * email at the time they were sent; once the oldest is `missedEmailMinutes` old, one email lists
     * them all and the person's `digest_through` moves to now (in the same transaction as the outbox
     * row, conditional on the old value: a second run emails no one twice).
     */
    async sendDigests(at: Date = now()): Promise<{ emails: number; messages: number }> {
      const delayMs = config.missedEmailMinutes * 60_000
      if (delayMs <= 0) return { emails: 0, messages: 0 }
      const picked = await digestCandidates(new Date(at.getTime() - delayMs - DIGEST_LOOKBACK_MS), at)
      if (picked.length === 0) return { emails: 0, messages: 0 }
      // What the email shows of each picked pair, looked up by key (one row per pair).
      const pairs = JSON.stringify(picked.map((p) => ({ message_id: p.messageId, reader_id: p.readerId })))
      const sender = aliasedTable(users, 'sender')
      const rows = await db
        .select({
          messageId: messages.id,
          topicId: messages.topicId,
          body: messages.body,
          mentions: messages.mentions,
          createdAt: messages.createdAt,
          senderName: sender.name,
          isGroup: topics.isGroup,
          topicName: topics.name,
          userId: users.id,
          email: users.email,
          name: users.name,
          language: users.language,
          settings: attentionSettings,
          topic: { topicId: topicAttention.topicId, level: topicAttention.level, mutedUntil: topicAttention.mutedUntil },
        })
        .from(sql`jsonb_to_recordset(${pairs}::jsonb) as picked(message_id text, reader_id text)`)
        .innerJoin(
          messages,
          and(eq(messages.id, sql`picked.message_id`), inArray(messages.id, [...new Set(picked.map((p) => p.messageId))])),
        )
        .innerJoin(topics, eq(topics.id, messages.topicId))
        .innerJoin(users, eq(users.id, sql`picked.reader_id`))
        .innerJoin(sender, eq(sender.id, messages.senderId))
        .leftJoin(attentionSettings, eq(attentionSettings.userId, users.id))
        .leftJoin(topicAttention, and(eq(topicAttention.userId, users.id), eq(topicAttention.topicId, messages.topicId)))
        .orderBy(messages.createdAt)

      const byUser = new Map<
        string,
        { to: { email: string; name: string; language: string }; through: Date | null; items: (DigestItem & { at: Date })[] }
      >()
      for (const r of rows) {
        const mention = r.mentions.includes(r.userId)
        const keyword = !mention && r.settings ? matchKeywords(plainText(r.body), r.settings.keywords).length > 0 : false
        const kind = mention || keyword ? 'mention' : r.isGroup === 0 ? 'message' : null
        if (!kind) continue
        const p = prefsOf(r.settings, r.topic?.topicId ? [topicRowOf(r.topic)] : [])
        if (!deliveryRules(p, { kind, topicId: r.topicId }, r.createdAt).email) continue
        const entry = byUser.get(r.userId) ?? {
          to: { email: r.email, name: r.name, language: r.language },
          through: r.settings?.digestThrough ?? null,
          items: [],
        }
        entry.items.push({
          at: r.createdAt,
          sender: r.senderName,
          topic: r.isGroup === 1 ? r.topicName : '',
          text: plainText(markdownToPlain(r.body)).slice(0, EXCERPT),
          link: mailer.url(`/chat/${r.topicId}`),
        })
        byUser.set(r.userId, entry)
      }

      let emails = 0
      let listed = 0
      for (const [userId, { to, through, items }] of byUser) {
        if (items[0]!.at.getTime() > at.getTime() - delayMs) continue
        const email = digestEmail(
          to.language === 'vi' ? 'vi' : 'en',
          to,
          items,
          mailer.url(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`),
        )
        const id = await db.transaction(async (tx) => {
          const moved = await tx
            .insert(attentionSettings)
            .values({ userId, digestThrough: at })
            .onConflictDoUpdate({
              target: attentionSettings.userId,
              set: { digestThrough: at },
              setWhere: through ? sql`${attentionSettings.digestThrough} = ${through}` : sql`${attentionSettings.digestThrough} is null`,
            })
            .returning({ userId: attentionSettings.userId })
          if (moved.length === 0) return null
          return mailer.store(tx, email)
        })
        if (!id) continue
        mailer.dispatch(id, email)
        emails += 1
        listed += items.length
      }
      return { emails, messages: listed }
    },
  }
}

export type AttentionService = ReturnType<typeof createAttentionService>
