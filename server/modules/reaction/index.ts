/**
 * The reaction module's public face: reaction/* and emoji/* routes, the reaction service (the only
 * writer of message_reactions and custom_emoji), and a message's reactions as a column of the
 * message view's page query.
 */
export { reactionRoutes } from './routes'
export { createReactionService, type ReactionService } from './service'
export { reactionsColumn, type StoredReaction, toReactions } from './summary'
