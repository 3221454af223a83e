import type { Poll, PollShared, PollStatus, Sender } from '../../../contract'
import type { PollOptionRow, PollRow } from '../../db/schema'

/** A person as a poll shows them (its creator, a voter). */
export type PersonColumns = { id: string; name: string; workid: string; photoUrl: string | null }

/** Everything a poll's view is made of, as read from the database. */
export interface PollRows {
  poll: PollRow
  question: string
  creator: PersonColumns
  /** In position order. */
  options: PollOptionRow[]
  /** Every vote, in the order they were cast; `voter` is null when the poll is anonymous (not read). */
  votes: { optionId: string; customerId: string; voter: PersonColumns | null }[]
}

const asSender = (p: PersonColumns): Sender => ({ _id: p.id, name: p.name, workid: p.workid, photo_url: p.photoUrl })

/** 'locked' once locked (whatever the time), else 'closed' from closes_at on, else 'open'. */
export function pollStatus(poll: Pick<PollRow, 'lockedAt' | 'closesAt'>, now: number): PollStatus {
  if (poll.lockedAt) return 'locked'
  if (poll.closesAt && poll.closesAt.getTime() <= now) return 'closed'
  return 'open'
}

/** The poll as everyone in its topic sees it: counts, and who chose what unless it is anonymous. */
export function toPollShared(rows: PollRows, now: number): PollShared {
  const { poll } = rows
  const anonymous = poll.anonymous === 1
  return {
    _id: poll.id,
    topic_id: poll.topicId,
    creator: asSender(rows.creator),
    question: rows.question,
    multiple: poll.multiple === 1,
    anonymous,
    allow_new_options: poll.allowNewOptions === 1,
    closes_at: poll.closesAt?.toISOString() ?? null,
    locked_at: poll.lockedAt?.toISOString() ?? null,
    status: pollStatus(poll, now),
    options: rows.options.map((option) => {
      const votes = rows.votes.filter((v) => v.optionId === option.id)
      return {
        _id: option.id,
        text: option.text,
        votes: votes.length,
        voters: anonymous ? null : votes.map((v) => asSender(v.voter!)),
      }
    }),
    voters: new Set(rows.votes.map((v) => v.customerId)).size,
  }
}

/** The options `readerId` chose, in the poll's option order. */
export function mineOf(rows: PollRows, readerId: string): string[] {
  const chosen = new Set(rows.votes.filter((v) => v.customerId === readerId).map((v) => v.optionId))
  return rows.options.filter((o) => chosen.has(o.id)).map((o) => o.id)
}

/** The poll as its reader sees it. */
export const toPoll = (rows: PollRows, readerId: string, now: number): Poll => ({
  ...toPollShared(rows, now),
  mine: mineOf(rows, readerId),
})
