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
import { channelMembers, media, messages, topicMembers, topics, users } from '../../db/schema'
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

/**
 * Checks the sender may write in the topic and stores the message, in one statement (one round
 * trip, atomic): the sender's membership and the send_message setting, then number the message and
 * make it the topic's latest, insert it, attach its files, mark the topic unseen for the others
 * (only rows that change) and seen up to it for the sender. Nothing is written when the check fails.
 * `value` gives each value: a placeholder (the prepared statement) or the value itself.
 */
const statementWith = (value: (name: keyof SendValues) => SQLWrapper, thread: ThreadMode = null, rootId: string | null = null): SQL => {
  const inChat = thread !== 'only'
  return sql`
  with access as (
    select u.id as caller_id, u.name as caller_name, u.workid as caller_workid, u.photo_url as caller_photo, ${allowed} as allowed, ${refusalOf(value('senderId'))} as refusal
    from ${topics} t
    left join ${topicMembers} tm on tm.topic_id = t.id and tm.user_id = ${value('senderId')}
    left join ${users} u on u.id = tm.user_id
    left join ${channelMembers} cm on cm.channel_id = t.channel_id and cm.user_id = ${value('senderId')}
    where t.id = ${value('topicId')}
  ), numbered as (
    update ${topics} set last_seq = last_seq + 1${inChat ? sql`, last_message_id = ${value('messageId')}, last_message_at = ${value('createdAt')}::timestamptz` : sql``}
    where id = ${value('topicId')} and exists (select 1 from access where caller_id is not null and allowed and refusal is null)
    returning last_seq
  ), stored as (
    insert into ${messages} (id, topic_id, seq, sender_id, client_id, type, body, reply_to_id, forwarded_from, mentions, created_at${thread ? sql`, thread_root_id, thread_in_chat` : sql``})
    select ${value('messageId')}, ${value('topicId')}, last_seq, ${value('senderId')}, ${value('clientId')}, ${value('type')}, ${value('body')},
      ${value('replyToId')}, ${value('forwardedFrom')}, ${value('mentions')}::jsonb, ${value('createdAt')}::timestamptz${thread ? sql`, ${rootId}, ${inChat ? 1 : 0}` : sql``}
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
  }
  select access.*, (select seq from stored) as seq, (select count(*) from attached)::int as attached from access`
}

const query = new PgDialect().sqlToQuery(statementWith((name) => sql.placeholder(name)))

export const SEND_MESSAGE: PreparedStatement = { name: 'message_send', text: query.sql }

/** The statement's `$n` values, in order: each placeholder's value, or the constant written in. */
export const sendValues = (values: SendValues): unknown[] =>
  query.params.map((param) => (param instanceof Placeholder ? values[param.name as keyof SendValues] : param))

/** The same statement inside an open transaction (a forward sends several messages atomically). */
export async function sendInTransaction(tx: Tx, values: SendValues, thread?: { rootId: string; inChat: boolean }): Promise<SendRow[]> {
  const result = await tx.execute(
    statementWith((name) => sql`${values[name]}`, thread ? (thread.inChat ? 'inChat' : 'only') : null, thread?.rootId ?? null),
  )
  return (result as unknown as { rows: SendRow[] }).rows
}
