import { endpoints } from '../../../contract/endpoints'
import type { Poll, PollCreateBody, PollNewOptionBody, PollVoteBody } from '../../../contract/vote'
import { call } from '../http'

/**
 * The poll calls (contract/endpoints.ts, tag 'vote'). Quiet: the create dialog and the poll card
 * say themselves what was refused, with the server's message (a locked or closed poll, an option
 * already there, a group where only admins create polls).
 */
const quiet = { quiet: true }

export const createPoll = (body: PollCreateBody): Promise<Poll> => call(endpoints.voteCreate, body, quiet)
export const votePoll = (body: PollVoteBody): Promise<Poll> => call(endpoints.voteOption, body, quiet)
export const addPollOption = (body: PollNewOptionBody): Promise<Poll> => call(endpoints.voteNewOption, body, quiet)
export const lockPoll = (pollId: string): Promise<Poll> => call(endpoints.voteLock, { poll_id: pollId }, quiet)
export const pollInfo = (pollId: string): Promise<Poll> => call(endpoints.voteInfo, { poll_id: pollId }, quiet)
