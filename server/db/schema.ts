import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { DndSchedule } from '../../contract/attention'
import type { NotificationValue, NotifyMessageJson } from '../../contract/notify'
import type { TopicPermissions } from '../../contract/topic'
import type { AvailabilityWindow } from '../../contract/booking'

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
    /** Read receipts (presence module): 0 = the user's read positions are not shown and they see no one's. */
    readReceipts: smallint('read_receipts').notNull().default(1),
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
    /** The login's User-Agent header (cut to 512 characters) and client address, for the user's sessions page (/log). */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When the session was last used (written at most once a minute per node). */
    lastSeenAt: at('last_seen_at'),
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

/**
 * Per-account budgets of the emailed codes (auth module), beside any per-address limit: codes sent
 * in the current hour, wrong checks in the current day, and the lock those wrong checks set.
 */
export const authLimits = pgTable('auth_limits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codesSince: at('codes_since').notNull(),
  codesSent: integer('codes_sent').notNull().default(0),
  failuresSince: at('failures_since').notNull(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: at('locked_until'),
  /** Locks so far without a right code since: each lasts twice the one before. */
  locks: integer('locks').notNull().default(0),
})

/** A file an outbox email carries: its name, MIME type and text content. */
export interface OutboxAttachment {
  filename: string
  contentType: string
  content: string
}

export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Files sent with the email (an appointment's .ics), as text; null: none. Redacted with the body once delivered. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [index('outbox_to_idx').on(t.to)],
)

export const channels = pgTable(
  'channels',
  {
    id: id(),
    name: text('name').notNull(),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    /** Media key of the channel image (public). */
    image: text('image'),
    /** A preset banner name (sme, edu) or a public media key. */
    banner: text('banner'),
    isPublic: smallint('is_public').notNull().default(1),
    /** argon2 hash of a private channel's password. */
    passwordHash: text('password_hash'),
    useFor: text('use_for'),
    referralLink: text('referral_link'),
    createdBy: text('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('channels_referral_idx').on(t.referralLink)],
)

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

export const labels = pgTable(
  'labels',
  {
    id: id(),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('labels_channel_idx').on(t.channelId)],
)

/**
 * A chat: a group topic in a channel, or a 1:1 chat (isGroup 0, channelId null, dmKey = the two
 * user ids sorted and joined, unique). `lastSeq` numbers its messages; `lastMessageId/At` feed the list.
 * Every message rewrites the row's last* columns: no index holds them, and the table keeps free room
 * in its pages (migration 0003: fillfactor 50), so that update is a HOT one (no index writes, dead
 * versions pruned in the page) even where autovacuum is off.
 */
export const topics = pgTable(
  'topics',
  {
    id: id(),
    channelId: text('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    image: text('image'),
    isGroup: smallint('is_group').notNull().default(1),
    dmKey: text('dm_key'),
    createdBy: text('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    permission: jsonb('permission').$type<TopicPermissions>().notNull(),
    labelId: text('label_id').references(() => labels.id, { onDelete: 'set null' }),
    inCall: smallint('in_call').notNull().default(0),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastMessageId: text('last_message_id'),
    lastMessageAt: at('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('topics_dm_key_unique').on(t.dmKey), index('topics_channel_idx').on(t.channelId)],
)

/** A user in a topic, with their own view of it: pinned, hidden, seen. */
export const topicMembers = pgTable(
  'topic_members',
  {
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 40 creator, 30 admin, 20 member. */
    role: smallint('role').notNull().default(20),
    isPin: smallint('is_pin').notNull().default(0),
    pinnedAt: at('pinned_at'),
    /** Hidden from the list until the next message. */
    hidden: smallint('hidden').notNull().default(0),
    isSeen: smallint('is_seen').notNull().default(1),
    lastSeenSeq: bigint('last_seen_seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] }), index('topic_members_user_idx').on(t.userId, t.isPin)],
)

export const messages = pgTable(
  'messages',
  {
    id: id(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: text('client_id'),
    /** MESSAGE_TYPES of contract/topic.ts. */
    type: text('type').notNull(),
    body: text('body').notNull(),
    replyToId: text('reply_to_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    forwardedFrom: text('forwarded_from'),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    isPin: smallint('is_pin').notNull().default(0),
    pinnedAt: at('pinned_at'),
    editedAt: at('edited_at'),
    deletedAt: at('deleted_at'),
    /** How many of its files were deleted for good (the media module tells; trashed ones are counted from their rows). */
    filesPurged: integer('files_purged').notNull().default(0),
    createdAt: createdAt(),
    /** Threads: the root this message replies to in its thread (null: a message of the chat itself). */
    threadRootId: text('thread_root_id').references((): AnyPgColumn => messages.id, { onDelete: 'cascade' }),
    /** A thread reply also sent to the chat (it shows in the conversation too). */
    threadInChat: smallint('thread_in_chat').notNull().default(0),
    /** A root's thread summary, kept in the reply's transaction: its replies, the latest one's time, its latest repliers' ids (newest first, at most 3). */
    threadReplyCount: integer('thread_reply_count').notNull().default(0),
    threadLastReplyAt: at('thread_last_reply_at'),
    threadLastRepliers: jsonb('thread_last_repliers').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('messages_topic_seq_unique').on(t.topicId, t.seq),
    index('messages_thread_idx')
      .on(t.threadRootId, t.seq)
      .where(sql`${t.threadRootId} is not null`),
    uniqueIndex('messages_sender_client_unique').on(t.senderId, t.clientId),
    index('messages_topic_pinned_idx')
      .on(t.topicId)
      .where(sql`${t.isPin} = 1`),
    // The missed-message email finds the recent messages that mention someone through it (the few, not every message).
    index('messages_mentions_idx')
      .on(t.createdAt)
      .where(sql`${t.mentions} <> '[]'::jsonb`),
  ],
)

/**
 * Who follows a thread (the message module writes it): the root's author, everyone who replied or was
 * mentioned in it (automatically) and whoever followed it by hand; `following` 0 once they unfollow
 * (the row stays, so a later reply does not follow them again). `last_read_seq`: the seq of the
 * latest reply they read (a reply's seq is its topic's numbering).
 */
export const threadFollowers = pgTable(
  'thread_followers',
  {
    rootId: text('root_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    following: smallint('following').notNull().default(1),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.rootId, t.userId] }),
    index('thread_followers_user_idx')
      .on(t.userId)
      .where(sql`${t.following} = 1`),
  ],
)

/** An uploaded file: stored under `key` (and `key.thumb.jpg` for images); attached to a message when sent. */
export const media = pgTable(
  'media',
  {
    id: id(),
    key: text('key').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The topic it was uploaded to (null for public channel images and banners). */
    topicId: text('topic_id').references(() => topics.id, { onDelete: 'cascade' }),
    messageId: text('message_id').references(() => messages.id, { onDelete: 'set null' }),
    acl: text('acl').notNull().default('private'),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    width: integer('width'),
    height: integer('height'),
    hasThumb: smallint('has_thumb').notNull().default(0),
    trashedAt: at('trashed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // Not unique: a forwarded file is a second row sharing the stored bytes (see media/service.ts).
    index('media_key_idx').on(t.key),
    index('media_owner_idx').on(t.ownerId),
    index('media_topic_idx').on(t.topicId, t.createdAt.desc()),
    index('media_message_idx').on(t.messageId),
  ],
)

/** An earlier text of an edited message (written by message/edit in the edit's transaction; gone when the message is deleted). */
export const messageEdits = pgTable(
  'message_edits',
  {
    id: id(),
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    body: text('body').notNull(),
    /** When this text was written: the message's creation, or the edit before. */
    writtenAt: at('written_at').notNull(),
    /** When an edit replaced it. */
    createdAt: createdAt(),
  },
  (t) => [index('message_edits_message_idx').on(t.messageId, t.createdAt)],
)

/**
 * What a link's page said (Open Graph, Twitter card, <title>), fetched once per URL for every
 * message naming it until `expiresAt` (a page without a preview is kept a shorter time, `ok` 0).
 * Its image is stored once (`imageKey`, with its thumbnail) and shared by the messages' media rows.
 */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  ok: smallint('ok').notNull(),
  title: text('title'),
  description: text('description'),
  siteName: text('site_name'),
  imageUrl: text('image_url'),
  imageKey: text('image_key'),
  imageMime: text('image_mime'),
  imageSize: bigint('image_size', { mode: 'number' }),
  imageWidth: integer('image_width'),
  imageHeight: integer('image_height'),
  fetchedAt: at('fetched_at').notNull(),
  expiresAt: at('expires_at').notNull(),
})

/** The preview shown under a message (its first link with one); `removedAt`: its sender took it away (not fetched again for that URL). */
export const messagePreviews = pgTable('message_previews', {
  messageId: text('message_id')
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  title: text('title'),
  description: text('description'),
  siteName: text('site_name'),
  /** The image's media row (acl 'preview': in the message's topic, read through media/access). */
  mediaId: text('media_id').references(() => media.id, { onDelete: 'set null' }),
  removedAt: at('removed_at'),
  createdAt: createdAt(),
})

export type MessagePreviewRow = typeof messagePreviews.$inferSelect
export type LinkPreviewRow = typeof linkPreviews.$inferSelect

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
  (t) => [
    index('notifications_user_seq_idx').on(t.userId, t.seq.desc()),
    index('notifications_user_unseen_idx')
      .on(t.userId)
      .where(sql`${t.seenAt} is null`),
  ],
)

/**
 * Jobs that run on a schedule on exactly one node: a node runs a job when it moves `next_run_at`
 * on from a due time (one update, so one winner); the schedule outlives restarts.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: at('next_run_at').notNull(),
  lastRunAt: at('last_run_at'),
})

/**
 * One-off jobs due at a time (jobs/queue.ts): a to-do's due notification, a reminder. `key` is unique
 * among the jobs not yet done (scheduling it again moves the job). A node claims due jobs with
 * FOR UPDATE SKIP LOCKED, setting `running` and a lease (`claimed_until`); a lease that runs out
 * (the node died mid-run) makes the job claimable again. `done` rows stay a day, `dead` ones
 * (failed `attempts` times: the dead letters, with `last_error`) 30 days.
 */
export const queuedJobs = pgTable(
  'queued_jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: at('run_at').notNull(),
    /** pending | running | done | dead */
    state: text('state').notNull().default('pending'),
    /** Claims so far (a run that crashed its node counts). */
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    claimedUntil: at('claimed_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: at('done_at'),
  },
  (t) => [
    uniqueIndex('queued_jobs_live_key_unique')
      .on(t.key)
      .where(sql`${t.state} in ('pending', 'running')`),
    index('queued_jobs_pending_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'pending'`),
    index('queued_jobs_running_idx')
      .on(t.claimedUntil)
      .where(sql`${t.state} = 'running'`),
    index('queued_jobs_finished_idx')
      .on(t.doneAt)
      .where(sql`${t.state} in ('done', 'dead')`),
  ],
)

/**
 * A friendship between two people, one row per pair: `userLow` < `userHigh` (string order), so the
 * pair is unique whoever asked. `requesterId` asked; `acceptedAt` is set once the other accepted.
 * A refused or cancelled request, or an unfriend, deletes the row (and with it the archive marks).
 * `archivedByLow` / `archivedByHigh`: when that side archived the friend (their own /contact view
 * only: the friend leaves their Friends tab for Archived; nothing changes for the other side).
 */
export const friendships = pgTable(
  'friendships',
  {
    userLow: text('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: text('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    acceptedAt: at('accepted_at'),
    archivedByLow: at('archived_by_low'),
    archivedByHigh: at('archived_by_high'),
  },
  (t) => [primaryKey({ columns: [t.userLow, t.userHigh] }), index('friendships_user_high_idx').on(t.userHigh)],
)

/** `blockerId` blocked `blockedId`: the blocked person cannot message, call, invite or find the blocker. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
)

// attention (server/modules/attention)
/**
 * A person's attention settings: time zone (IANA), do not disturb by hand (`dndUntil`) and on a
 * working-hours schedule, keyword alerts, the missed-message email and how far it has been sent
 * (`digestThrough`: messages up to then were considered). No row: the defaults.
 */
export const attentionSettings = pgTable('attention_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone'),
  dndUntil: at('dnd_until'),
  dndSchedule: jsonb('dnd_schedule').$type<DndSchedule>(),
  keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
  digestEmail: smallint('digest_email').notNull().default(1),
  digestThrough: at('digest_through'),
  updatedAt: createdAt(),
})

/** A person's notification level and mute for one topic; no row: everything, not muted. */
export const topicAttention = pgTable(
  'topic_attention',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    level: text('level').notNull().default('everything'),
    mutedUntil: at('muted_until'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] })],
)

/** "Notify anyway": a message broke through this reader's do not disturb (once per message and reader). */
export const attentionNudges = pgTable(
  'attention_nudges',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
)

// notifications (browser push)
/**
 * A device's Web Push subscription (one row per push endpoint): the notify module sends to every
 * subscription of a user who has no focused window, and forgets one on logout, when the push
 * service answers 404/410, after 3 failed sends in a row (`failures`), or when the user saves an
 * 11th (the one saved longest ago, by `saved_at`). Replaces the single users.fcm_token.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    /** When the device last saved it (each save of the same endpoint moves it on). */
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Failed sends since the last one that went through. */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
)

/** The server's VAPID key pair, made once on first start (one row, id 'vapid'), unless set by VAPID_* env. */
export const pushKeys = pgTable('push_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
})

// pages: sessions page (/log)
/** One login of a user (kept 90 days): when, from which address and browser. Written by the token service with its session. */
export const loginHistory = pgTable(
  'login_history',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('login_history_user_idx').on(t.userId, t.createdAt.desc())],
)

// instant meetings (call-open/*)
/**
 * An instant meeting: its 9-digit join code (unique), its name, the argon2id hash of its password
 * (null: open), whether the host locked it and when it ended (it can no longer be joined then).
 * Written only by the meeting module.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    code: text('code').notNull(),
    roomName: text('room_name').notNull(),
    passwordHash: text('password_hash'),
    /** The signed-in person who started it; null for a guest. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    locked: smallint('locked').notNull().default(0),
    endedAt: at('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('meetings_code_unique').on(t.code)],
)

/** Everyone who joined a meeting: a guest (no user) or a signed-in person, the host among them. A removed one's token admits no more. */
export const meetingParticipants = pgTable(
  'meeting_participants',
  {
    id: id(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    host: smallint('host').notNull().default(0),
    removedAt: at('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('meeting_participants_meeting_idx').on(t.meetingId), index('meeting_participants_user_idx').on(t.userId)],
)

// calls
/**
 * A call ringing or held in a topic (issue 24), written only by the call module. Its statechart is
 * `status` (contract/call.ts): every transition is one conditional UPDATE from the state it leaves
 * (`where status = 'ringing'`), so two nodes or two tabs never both win. `uuid` names its room
 * (/room/{uuid}); (caller_id, client_call_id) makes a retried start answer the same call;
 * `ring_until` is when the ring ends as missed (the partial index serves every node's sweep).
 */
export const calls = pgTable(
  'calls',
  {
    id: id(),
    uuid: text('uuid')
      .notNull()
      .$defaultFn(() => randomUUID()),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    callerId: text('caller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientCallId: text('client_call_id').notNull(),
    isVideo: smallint('is_video').notNull().default(0),
    /** CALL_STATUSES of contract/call.ts. */
    status: text('status').notNull().default('ringing'),
    /** 'p2p' (a 1:1 chat) or 'sfu' (a group). */
    topology: text('topology').notNull(),
    startedAt: at('started_at').notNull(),
    ringUntil: at('ring_until').notNull(),
    answeredAt: at('answered_at'),
    endedAt: at('ended_at'),
    /** Who answered, declined, cancelled or left last; null when the server ended it (missed). */
    endedBy: text('ended_by'),
  },
  (t) => [
    uniqueIndex('calls_uuid_unique').on(t.uuid),
    uniqueIndex('calls_caller_client_unique').on(t.callerId, t.clientCallId),
    index('calls_topic_idx').on(t.topicId),
    index('calls_ringing_idx')
      .on(t.ringUntil)
      .where(sql`${t.status} = 'ringing'`),
    index('calls_answered_idx')
      .on(t.answeredAt)
      .where(sql`${t.status} = 'answered'`),
  ],
)

/**
 * The people of a call: the caller and each callee (rung, or `held` back by do not disturb or a mute),
 * whether a callee declined, and who sits in its room now: `socket_id` is the socket holding the
 * seat (null: not in the room), with the tiles' audio, video and screen flags. Every node reads the
 * seats here, so a signal is relayed only between two seated participants whichever node holds them.
 */
export const callMembers = pgTable(
  'call_members',
  {
    callId: text('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'caller', 'callee' (rung or held), or 'guest' (a member of the topic who joined the room without being rung). */
    role: text('role').notNull(),
    /** 'dnd' or 'muted': not rung. */
    held: text('held'),
    declinedAt: at('declined_at'),
    socketId: text('socket_id'),
    joinedAt: at('joined_at'),
    audio: smallint('audio').notNull().default(1),
    video: smallint('video').notNull().default(0),
    screen: smallint('screen').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.callId, t.userId] }), index('call_members_user_idx').on(t.userId)],
)

// polls
/**
 * A poll (vote/*), written only by the vote module: one row per message of type `vote`, whose id it
 * shares (the message's text is the question); it goes when its message's row goes. `locked_at`:
 * its creator or a topic admin stopped it; `closes_at`: it takes no votes from then on.
 */
export const polls = pgTable(
  'polls',
  {
    id: text('id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    multiple: smallint('multiple').notNull().default(0),
    anonymous: smallint('anonymous').notNull().default(0),
    allowNewOptions: smallint('allow_new_options').notNull().default(0),
    closesAt: at('closes_at'),
    lockedAt: at('locked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('polls_topic_idx').on(t.topicId)],
)

/** A poll's options in `position` order; no two with the same text, case aside. */
export const pollOptions = pgTable(
  'poll_options',
  {
    id: id(),
    pollId: text('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    /** Who added it after the poll was made; null for the creator's own options. */
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('poll_options_poll_text_unique').on(t.pollId, sql`lower(${t.text})`),
    index('poll_options_poll_idx').on(t.pollId, t.position),
  ],
)

/** One person's choice of one option (a multiple-choice poll: several rows a person). */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: text('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    optionId: text('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.customerId] }), index('poll_votes_poll_customer_idx').on(t.pollId, t.customerId)],
)

// reactions
/**
 * One person's reaction to one message (reaction/*), written only by the reaction module: a real
 * emoji or `:shortcode:` of a custom emoji of the message's channel; once each (message, person,
 * emoji). It goes with its message or its person. `topic_id` is the message's (the custom emoji's channel).
 */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] }), index('message_reactions_message_idx').on(t.messageId, t.createdAt)],
)

/** A channel's custom emoji (emoji/*): a public image upload under a shortcode, once each per channel. */
export const customEmoji = pgTable(
  'custom_emoji',
  {
    id: id(),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    shortcode: text('shortcode').notNull(),
    /** The public media key of its image. */
    mediaKey: text('media_key').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('custom_emoji_channel_shortcode_unique').on(t.channelId, t.shortcode)],
)

export type MessageReactionRow = typeof messageReactions.$inferSelect
export type CustomEmojiRow = typeof customEmoji.$inferSelect

// to-dos
/**
 * A to-do (todo/*), written only by the todo module: personal (`topic_id` null: only its creator
 * sees it) or in a chat (its members see it); it goes with its topic. `client_id` makes a create
 * idempotent per creator. `status` is todo, doing or done; `done_at` is when it was last set done.
 */
export const todos = pgTable(
  'todos',
  {
    id: id(),
    topicId: text('topic_id').references(() => topics.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    title: text('title').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('todo'),
    dueAt: at('due_at'),
    doneAt: at('done_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('todos_creator_client_unique').on(t.creatorId, t.clientId), index('todos_topic_idx').on(t.topicId)],
)

/** Who a to-do is assigned to (a personal one: its creator only). */
export const todoAssignees = pgTable(
  'todo_assignees',
  {
    todoId: text('todo_id')
      .notNull()
      .references(() => todos.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.todoId, t.userId] }), index('todo_assignees_user_idx').on(t.userId)],
)

// calendar: reminders and tasks

/**
 * A calendar event (calendar/*): a reminder (personal, or a group one in a chat) or a task its
 * creator assigns (calendar_assignees). It happens at `start_at` (a task: its deadline), until
 * `end_at`, in `time_zone`, repeating by `rrule` (RFC 5545, without DTSTART; expanded in the time
 * zone); `status` is a task's (null for a reminder). `fired_through`: the start of the latest
 * occurrence whose reminder went out, so a rescheduled reminder never fires one twice.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: id(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    note: text('note').notNull().default(''),
    topicId: text('topic_id').references(() => topics.id, { onDelete: 'cascade' }),
    messageId: text('message_id').references(() => messages.id, { onDelete: 'set null' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at'),
    timeZone: text('time_zone').notNull(),
    rrule: text('rrule'),
    remindMinutes: integer('remind_minutes').notNull().default(0),
    status: text('status'),
    firedThrough: at('fired_through'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_events_creator_client_unique').on(t.creatorId, t.clientId),
    index('calendar_events_topic_idx').on(t.topicId),
    index('calendar_events_creator_start_idx').on(t.creatorId, t.startAt),
  ],
)

/** Who a task is assigned to (a reminder has none). */
export const calendarAssignees = pgTable(
  'calendar_assignees',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('calendar_assignees_user_idx').on(t.userId)],
)

/** One occurrence of a repeating event, named by its start as the rule has it: skipped (start_at null) or moved to start_at. */
export const calendarExceptions = pgTable(
  'calendar_exceptions',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    occurrence: at('occurrence').notNull(),
    startAt: at('start_at'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrence] })],
)

/**
 * A user's private iCalendar feed. Its token is HMAC(the calendarFeed key, user and `salt`), so the
 * URL can be shown again; only the token's SHA-256 (`token_hash`, what the feed's URL is looked up
 * by) and the random salt are stored. A reset makes a new salt: the old URL answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_unique').on(t.tokenHash)],
)

export type CalendarEventRow = typeof calendarEvents.$inferSelect
export type CalendarExceptionRow = typeof calendarExceptions.$inferSelect

export type UserRow = typeof users.$inferSelect
export type ChannelRow = typeof channels.$inferSelect
export type TopicRow = typeof topics.$inferSelect
export type TopicMemberRow = typeof topicMembers.$inferSelect
export type MessageRow = typeof messages.$inferSelect
export type MediaRow = typeof media.$inferSelect
export type NotificationRow = typeof notifications.$inferSelect
export type OutboxRow = typeof outbox.$inferSelect
export type AuthLimitsRow = typeof authLimits.$inferSelect
export type FriendshipRow = typeof friendships.$inferSelect
export type UserBlockRow = typeof userBlocks.$inferSelect
export type AttentionSettingsRow = typeof attentionSettings.$inferSelect
export type TopicAttentionRow = typeof topicAttention.$inferSelect
export type MeetingRow = typeof meetings.$inferSelect
export type MeetingParticipantRow = typeof meetingParticipants.$inferSelect
export type CallRow = typeof calls.$inferSelect
export type CallMemberRow = typeof callMembers.$inferSelect
export type PollRow = typeof polls.$inferSelect
export type PollOptionRow = typeof pollOptions.$inferSelect
export type PollVoteRow = typeof pollVotes.$inferSelect
export type TodoRow = typeof todos.$inferSelect
export type TodoAssigneeRow = typeof todoAssignees.$inferSelect

/**
 * A booking page (booking/*): its owner's weekly availability in the page's time zone, the
 * appointment's length, the buffer after each, the minimum notice and the horizon. Deleting one
 * keeps its row (deleted_at) so its canceled bookings still show their page's title.
 */
export const bookingPages = pgTable(
  'booking_pages',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    minNoticeMinutes: integer('min_notice_minutes').notNull(),
    horizonDays: integer('horizon_days').notNull(),
    timeZone: text('time_zone').notNull(),
    availability: jsonb('availability').$type<AvailabilityWindow[]>().notNull(),
    active: smallint('active').notNull().default(1),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('booking_pages_owner_client_unique').on(t.ownerId, t.clientId)],
)

/**
 * A booking of a page's time: a signed-in booker's (booker_id) or a guest's (name, email, and the
 * hash of their cancel secret). At most one live (requested or approved) booking per page and
 * start (the service checks overlaps under the owner's pages' row locks; this index is the backstop).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    pageId: text('page_id')
      .notNull()
      .references(() => bookingPages.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookerId: text('booker_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    note: text('note').notNull().default(''),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    /** The end plus the page's buffer when it was booked: the time it keeps from other bookings. */
    blockedUntil: at('blocked_until').notNull(),
    status: text('status').notNull().default('requested'),
    /** sha256 (hex) of a guest's cancel secret; null for a signed-in booker. */
    cancelTokenHash: text('cancel_token_hash'),
    /** The proof-of-work token's id the request spent: a token books once. */
    challengeId: text('challenge_id').notNull(),
    /** The booker's time zone and language, for the words of a guest's emails. */
    timeZone: text('time_zone'),
    language: text('language').notNull().default('en'),
    /** When its reminder went out (once). */
    remindedAt: at('reminded_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_page_client_unique').on(t.pageId, t.clientId),
    uniqueIndex('bookings_challenge_unique').on(t.challengeId),
    uniqueIndex('bookings_live_start_unique')
      .on(t.pageId, t.startAt)
      .where(sql`${t.status} in ('requested', 'approved')`),
    index('bookings_owner_start_idx').on(t.ownerId, t.startAt),
    index('bookings_booker_start_idx').on(t.bookerId, t.startAt),
  ],
)

export type BookingPageRow = typeof bookingPages.$inferSelect
export type BookingRow = typeof bookings.$inferSelect

// presence (server/modules/presence)
/**
 * A person's presence beyond the live sockets: when they were last seen online (written as they go
 * offline) and their custom status (emoji + text, until `statusExpiresAt`; null: until cleared).
 * Whether they are online is not here: it lives in memory or Redis while their sockets are connected.
 */
export const userPresence = pgTable('user_presence', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: at('last_seen_at'),
  statusEmoji: text('status_emoji'),
  statusText: text('status_text'),
  statusExpiresAt: at('status_expires_at'),
  statusSetAt: at('status_set_at'),
})

/** A message a person saved (saved/*): one row per person and message; newest saved first. */
export const savedMessages = pgTable(
  'saved_messages',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index('saved_messages_user_created_idx').on(t.userId, t.createdAt),
    index('saved_messages_message_idx').on(t.messageId),
  ],
)

/** A text its author scheduled for a chat (scheduled/*): sent at send_at by a job of the queue (`scheduled-send:<id>`). */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    body: text('body').notNull(),
    sendAt: at('send_at').notNull(),
    /** SCHEDULED_STATUSES of contract/scheduled.ts. */
    status: text('status').notNull().default('pending'),
    /** SCHEDULED_ERRORS, when failed. */
    error: text('error'),
    messageId: text('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scheduled_messages_user_client_unique').on(t.userId, t.clientId),
    index('scheduled_messages_user_status_idx').on(t.userId, t.status, t.sendAt),
    index('scheduled_messages_topic_idx').on(t.topicId),
  ],
)

export type ScheduledMessageRow = typeof scheduledMessages.$inferSelect

/** What a person has typed and not sent in a chat (draft/*): one per person and chat, the latest save wins. */
export const drafts = pgTable(
  'drafts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] }), index('drafts_topic_idx').on(t.topicId)],
)
