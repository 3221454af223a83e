import { z } from 'zod'
import { objectId } from './common'
import { sender } from './message'

/**
 * Polls in chats (vote/*). A poll is a message of type `vote` in its topic; the poll's id is that
 * message's id and the message's text is the question (what the chat list and search show). Single
 * or multiple choice, anonymous (counts only) or named (who chose what), an optional closing time;
 * its creator or a topic admin locks it. A locked or closed poll refuses votes and new options.
 * In a group that restricts polls to admins (the `poll` permission), only admins create them.
 */
export const POLL_QUESTION_MAX = 300
export const POLL_OPTION_MAX = 100
export const POLL_OPTIONS_MIN = 2
export const POLL_OPTIONS_MAX = 10

const question = z.string().trim().min(1).max(POLL_QUESTION_MAX)
const optionText = z.string().trim().min(1).max(POLL_OPTION_MAX)

/** POST vote/create: idempotent on (creator, client_id): a repeat answers the same poll. */
export const pollCreateBody = z
  .strictObject({
    client_id: z.string().trim().min(1).max(64),
    topic_id: objectId,
    question,
    options: z.array(optionText).min(POLL_OPTIONS_MIN).max(POLL_OPTIONS_MAX),
    multiple: z.boolean().default(false),
    anonymous: z.boolean().default(false),
    /** Members may add options of their own (up to POLL_OPTIONS_MAX in all). */
    allow_new_options: z.boolean().default(false),
    /** ISO time after which the poll takes no votes; in the future when given. */
    closes_at: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .superRefine((body, issue) => {
    const seen = new Set<string>()
    body.options.forEach((text, i) => {
      const key = text.toLocaleLowerCase()
      if (seen.has(key)) issue.addIssue({ code: 'custom', path: ['options', i], message: 'Each option must be different' })
      seen.add(key)
    })
  })
export type PollCreateBody = z.input<typeof pollCreateBody>

/**
 * POST vote/option: the caller's choices become exactly `option_ids` (empty takes their vote back);
 * a single-choice poll takes at most one. Repeating it changes nothing.
 */
export const pollVoteBody = z.strictObject({
  poll_id: objectId,
  option_ids: z.array(objectId).max(POLL_OPTIONS_MAX),
})
export type PollVoteBody = z.infer<typeof pollVoteBody>

/** POST vote/new-option: a member adds an option where the poll allows it; the same text twice is refused. */
export const pollNewOptionBody = z.strictObject({ poll_id: objectId, text: optionText })
export type PollNewOptionBody = z.infer<typeof pollNewOptionBody>

/** POST vote/lock: the poll's creator or a topic admin stops it taking votes, for good. */
export const pollLockBody = z.strictObject({ poll_id: objectId })
export type PollLockBody = z.infer<typeof pollLockBody>

/** GET vote/info: one poll, for a member of its topic. */
export const pollInfoQuery = z.object({ poll_id: objectId })
export type PollInfoQuery = z.infer<typeof pollInfoQuery>

export const POLL_STATUSES = ['open', 'locked', 'closed'] as const
export type PollStatus = (typeof POLL_STATUSES)[number]

export const pollOption = z.object({
  _id: z.string(),
  text: z.string(),
  votes: z.number().int().min(0),
  /** Who chose it, in the order they voted; null in an anonymous poll. */
  voters: z.array(sender).nullable(),
})
export type PollOption = z.infer<typeof pollOption>

/** A poll as everyone in its topic sees it (the socket's POLL_CHANGED carries this). */
export const pollShared = z.object({
  _id: z.string(),
  topic_id: z.string(),
  creator: sender,
  question: z.string(),
  multiple: z.boolean(),
  anonymous: z.boolean(),
  allow_new_options: z.boolean(),
  closes_at: z.string().nullable(),
  locked_at: z.string().nullable(),
  /** `closed` once closes_at has passed (unless locked before). */
  status: z.enum(POLL_STATUSES),
  options: z.array(pollOption),
  /** How many people voted (each counted once however many options they chose). */
  voters: z.number().int().min(0),
})
export type PollShared = z.infer<typeof pollShared>

/** A poll as its reader sees it: with the options the reader chose. */
export const poll = pollShared.extend({ mine: z.array(z.string()) })
export type Poll = z.infer<typeof poll>

/**
 * Socket POLL_CHANGED, to everyone in the poll's topic on every node after a vote, a new option or a
 * lock. `mine` is only in the copy sent to the voter's own sockets (their other tabs and devices).
 */
export interface PollChangedPayload {
  poll: PollShared
  mine?: string[]
}
