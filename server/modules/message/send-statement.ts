/*
 * The one exception to "a table is written only by its owning module": sending a message is the
 * hottest path, so one prepared statement checks the sender's membership and the send_message
 * setting (in a 1:1 chat also that the partner does not refuse the sender: the relates module's
 * `chatRefusalSql`, the same condition as the topic module's `requireTopicWriter`), numbers the
 * message in topics, inserts it, attaches its files in media and marks the
 * topic unseen in topic_members, atomically and in one round trip. It writes the topic and media
 * modules' tables on purpose; everything else writes them through those modules' services.
 */
import { Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { PreparedStatement, Tx } from '../../db/client'
import type { Sender } from '../../../contract'
import { channelMembers, media, messages, threadFollowers, topicMembers, topics, users } from '../../db/schema'
import { chatRefusalSql, type Refusal } from '../relates'
import { topicAllowsSql } from '../topic'

/** The values of one send, by the names the statement refers to them. */
export interface SendValues {
  messageId: string
  topicId: string
  senderId: string
  clientId: string | null
  type: string
  body: string
  replyToId: string | null
  forwardedFrom: string | null
  /** JSON array of user ids. */
  mentions: string
  /** ISO time. */
  createdAt: string
  /** JSON array of media ids to attach. */
  mediaIds: string
}

/** What the statement answers: the sender as a member sees them (null: not a member), the new seq (null: not stored), files attached. */
export interface SendRow {
  caller_id: string | null
  caller_name: string
  caller_workid: string
  caller_photo: string | null
  seq: number | string | null
  attached: number
  /** In a 1:1 chat: why the partner refuses the sender's messages (`blocked`, `friendsOnly`), else null. */
  refusal: Refusal | null
}

const allowed = topicAllowsSql('send_message', {
  isGroup: sql`t.is_group`,
  permission: sql`t.permission`,
  topicRole: sql`tm.role`,
  channelRole: sql`cm.role`,
})

/** In a 1:1 chat, why the partner refuses the sender (the relates module's rule over this statement's `t`). */
const refusalOf = (sender: SQLWrapper) => chatRefusalSql({ id: sql`t.id`, isGroup: sql`t.is_group` }, sender)

/**
 * A thread reply's variant of the statement (never the plain send's: its prepared text stays as it
 * is). A reply takes the topic's next seq like any message: one numbering per topic keeps the
 * (topic, seq) index, history paging and catch-up as they are, and a reply also sent to the chat
 * sits in the conversation in the order it was sent; the conversation's own lists leave out the
 * replies that were not (their seqs are gaps there, which paging by seq already allows). A reply
 * only in its thread ('only') does not become the topic's latest message and marks no one unseen:
 * the chat's unread count is the chat's; the thread's followers count its replies instead. A
 * reply also sent to the chat ('inChat') does both, as any message.
 */
export type ThreadMode = 'only' | 'inChat' | null

/** A reply's values: a send's, and the root it replies to. */
export type ReplyValues = SendValues & { rootId: string }

/** What a reply's statement answers beside a send's: whether the root is one of the chat's roots, and its new summary. */
export interface ReplyRow extends SendRow {
  /** The send_message setting lets the sender write (the statement checks it before storing). */
  allowed: boolean
  /** The root is a message of this chat and not itself a reply. */
  root_found: boolean
  /** The root's replies counting this one (null: not stored). */
  reply_count: number | null
  /** The root's latest repliers, newest first, as people (null: not stored). */
  last_repliers: Sender[] | null
}

/** How many repliers a root's summary names. */
const REPLIERS_SHOWN = 3

/**
 * Checks the sender may write in the topic and stores the message, in one statement (one round
 * trip, atomic): the sender's membership and the send_message setting, then number the message and
 * make it the topic's latest, insert it, attach its files, mark the topic unseen for the others
 * (only rows that change) and seen up to it for the sender. Nothing is written when the check fails.
 * `value` gives each value: a placeholder (the prepared statement) or the value itself.
 *
 * A thread reply ('only', 'inChat') is stored only when its root is a root message of the same
 * topic, and in the same statement counts itself on the root's summary (reply count, latest reply
 * time, latest repliers: the sender first, then the earlier ones, at most REPLIERS_SHOWN) and writes
 * its followers: the sender follows (again) and has read up to the reply; the root's author and the
 * mentioned follow unless they chose not to. The topic's row is locked first (numbering), the root's
 * next: two replies at once count as two, in seq order (under READ COMMITTED the second one's root
 * update reads the first one's committed summary). The answer names the root's new summary, its
 * repliers as people.
 */
const statementWith = (value: (name: keyof ReplyValues) => SQLWrapper, thread: ThreadMode = null): SQL => {
  const inChat = thread !== 'only'
  const sender = sql`${value('senderId')}::text`
  return sql`
  with access as (
    select u.id as caller_id, u.name as caller_name, u.workid as caller_workid, u.photo_url as caller_photo, ${allowed} as allowed, ${refusalOf(value('senderId'))} as refusal
    from ${topics} t
    left join ${topicMembers} tm on tm.topic_id = t.id and tm.user_id = ${value('senderId')}
    left join ${users} u on u.id = tm.user_id
    left join ${channelMembers} cm on cm.channel_id = t.channel_id and cm.user_id = ${value('senderId')}
    where t.id = ${value('topicId')}
  ), ${
    thread
      ? sql`root as (
    select sender_id from ${messages} where id = ${value('rootId')} and topic_id = ${value('topicId')} and thread_root_id is null
  ), `
      : sql``
  }numbered as (
    update ${topics} set last_seq = last_seq + 1${inChat ? sql`, last_message_id = ${value('messageId')}, last_message_at = ${value('createdAt')}::timestamptz` : sql``}
    where id = ${value('topicId')} and exists (select 1 from access where caller_id is not null and allowed and refusal is null)${thread ? sql` and exists (select 1 from root)` : sql``}
    returning last_seq
  ), stored as (
    insert into ${messages} (id, topic_id, seq, sender_id, client_id, type, body, reply_to_id, forwarded_from, mentions, created_at${thread ? sql`, thread_root_id, thread_in_chat` : sql``})
    select ${value('messageId')}, ${value('topicId')}, last_seq, ${value('senderId')}, ${value('clientId')}, ${value('type')}, ${value('body')},
      ${value('replyToId')}, ${value('forwardedFrom')}, ${value('mentions')}::jsonb, ${value('createdAt')}::timestamptz${thread ? sql`, ${value('rootId')}, ${inChat ? 1 : 0}` : sql``}
    from numbered returning seq
  ), attached as (
    update ${media} set message_id = ${value('messageId')}
    where id in (select jsonb_array_elements_text(${value('mediaIds')}::jsonb))
      and owner_id = ${value('senderId')} and topic_id = ${value('topicId')} and message_id is null and trashed_at is null
      and exists (select 1 from numbered)
    returning id
  )${
    inChat
      ? sql`, seen as (
    update ${topicMembers} set
      is_seen = case when user_id = ${value('senderId')} then 1 else 0 end,
      hidden = 0,
      last_seen_seq = case when user_id = ${value('senderId')} then (select last_seq from numbered) else last_seen_seq end
    where topic_id = ${value('topicId')} and (user_id = ${value('senderId')} or is_seen = 1 or hidden = 1) and exists (select 1 from numbered)
  )`
      : sql``
  }${
    thread
      ? sql`, summed as (
    update ${messages} set
      thread_reply_count = thread_reply_count + 1,
      thread_last_reply_at = ${value('createdAt')}::timestamptz,
      thread_last_repliers = jsonb_path_query_array(jsonb_build_array(${sender}) || (thread_last_repliers - ${sender}), ${sql.raw(`'$[0 to ${REPLIERS_SHOWN - 1}]'`)}::jsonpath)
    where id = ${value('rootId')} and exists (select 1 from stored)
    returning thread_reply_count, thread_last_repliers
  ), follows as (
    insert into ${threadFollowers} (root_id, user_id, topic_id, following, last_read_seq)
    select ${value('rootId')}, ${sender}, ${value('topicId')}, 1, seq from stored
    on conflict (root_id, user_id) do update set following = 1, last_read_seq = greatest(${threadFollowers}.last_read_seq, excluded.last_read_seq)
  ), followed as (
    insert into ${threadFollowers} (root_id, user_id, topic_id, following, last_read_seq)
    select ${value('rootId')}, others.id, ${value('topicId')}, 1, 0 from (
      select sender_id as id from root
      union
      select jsonb_array_elements_text(${value('mentions')}::jsonb)
    ) as others
    where others.id is not null and others.id <> ${sender} and exists (select 1 from stored)
    on conflict do nothing
  )`
      : sql``
  }
  select access.*, (select seq from stored) as seq, (select count(*) from attached)::int as attached${
    thread
      ? sql`,
    exists (select 1 from root) as root_found,
    (select thread_reply_count from summed) as reply_count,
    (select jsonb_agg(jsonb_build_object('_id', u.id, 'name', u.name, 'workid', u.workid, 'photo_url', u.photo_url) order by r.ord)
      from summed cross join lateral jsonb_array_elements_text(summed.thread_last_repliers) with ordinality as r(id, ord)
      join ${users} u on u.id = r.id) as last_repliers`
      : sql``
  } from access`
}

/** A prepared statement of the send and how to give it its values. */
function prepared<V extends SendValues>(name: string, thread: ThreadMode) {
  const query = new PgDialect().sqlToQuery(statementWith((key) => sql.placeholder(key), thread))
  return {
    statement: { name, text: query.sql } satisfies PreparedStatement,
    /** The statement's `$n` values, in order: each placeholder's value, or the constant written in. */
    values: (values: V): unknown[] => query.params.map((param) => (param instanceof Placeholder ? values[param.name as keyof V] : param)),
  }
}

const plainSend = prepared<SendValues>('message_send', null)
export const SEND_MESSAGE: PreparedStatement = plainSend.statement
export const sendValues = plainSend.values

/** A thread reply's statements: only in the thread, and also sent to the chat. */
export const SEND_REPLY = {
  only: prepared<ReplyValues>('message_reply', 'only'),
  inChat: prepared<ReplyValues>('message_reply_in_chat', 'inChat'),
}

/** The same statement inside an open transaction (a forward sends several messages atomically). */
export async function sendInTransaction(tx: Tx, values: SendValues): Promise<SendRow[]> {
  const result = await tx.execute(statementWith((name) => sql`${values[name as keyof SendValues]}`))
  return (result as unknown as { rows: SendRow[] }).rows
}
