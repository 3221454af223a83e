import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type AnyPgColumn, bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { NotificationValue, NotifyMessageJson } from '../../contract/notify'

/**
 * One schema for PGlite and PostgreSQL. Ids are text holding UUIDs made by the server, so a
 * lookup with any string from a request is a plain miss (404), never a cast error.
 */
const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID())
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Always stored lowercased and trimmed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerified: smallint('email_verified').notNull().default(0),
    workid: text('workid').notNull(),
    photoUrl: text('photo_url'),
    package: text('package').notNull().default('freemium'),
    language: text('language').notNull().default('en'),
    skipTutorial: smallint('skip_tutorial').notNull().default(0),
    onlyFriendCall: smallint('only_friend_call').notNull().default(0),
    onlyFriendInviteTopic: smallint('only_friend_invite_topic').notNull().default(0),
    onlyFriendChat: smallint('only_friend_chat').notNull().default(0),
    sounds: smallint('sounds').notNull().default(1),
    currentChannelId: text('current_channel_id').references((): AnyPgColumn => channels.id, { onDelete: 'set null' }),
    useFor: text('use_for'),
    startWith: text('start_with'),
    website: text('website'),
    fcmToken: text('fcm_token'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_workid_unique').on(t.workid)],
)

/** A login session: the family of its rotating refresh tokens. Revoking it ends the session. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
)

export const emailCodes = pgTable(
  'email_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'verify' | 'reset' */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_purpose_idx').on(t.userId, t.purpose)],
)

export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [index('outbox_to_idx').on(t.to)],
)

export const channels = pgTable('channels', {
  id: id(),
  name: text('name').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
})

export const channelMembers = pgTable(
  'channel_members',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ROLES of contract/limits.ts: member 20, admin 30, owner 40. */
    role: smallint('role').notNull().default(20),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('channel_members_user_idx').on(t.userId)],
)

/** A notification for `userId` (contract/notify.ts); `actorId` is the person whose action caused it. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    /** Insertion order: newest first is `seq` descending (several can share a created_at). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** NOTIFIABLE_TYPES: friend | todo | tag_message | calendar | payment | booking */
    notifiableType: text('notifiable_type').notNull(),
    notifiableId: text('notifiable_id'),
    objectId: text('object_id'),
    value: jsonb('value').$type<NotificationValue>(),
    notifyMessage: text('notify_message').notNull(),
    notifyMessageJson: jsonb('notify_message_json').$type<NotifyMessageJson>(),
    /** 0..3, for friend notifications. */
    friendStatus: smallint('friend_status'),
    time: at('time'),
    seenAt: at('seen_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_seq_idx').on(t.userId, t.seq.desc()), index('notifications_user_unseen_idx').on(t.userId).where(sql`${t.seenAt} is null`)],
)

export type UserRow = typeof users.$inferSelect
export type NotificationRow = typeof notifications.$inferSelect
export type OutboxRow = typeof outbox.$inferSelect
