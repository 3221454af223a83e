/**
 * The vote module's public face: vote/* routes and the vote service, the only writer of polls,
 * poll_options and poll_votes (a poll's message goes through the message service's `postPoll`).
 */
export { voteRoutes } from './routes'
export { createVoteService, type VoteService } from './service'
