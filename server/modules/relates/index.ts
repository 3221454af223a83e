/**
 * The relates module's public face: friends, contacts, archived friends and blocking (the only writer of friendships
 * and user_blocks), and the privacy policy other modules ask through its service: `mayChat`,
 * `mayCall(callerId, calleeId)` (for the call module to come) and `requireMayInvite`; for statements
 * that check in SQL, `chatRefusalSql` (why a 1:1 chat's partner refuses a writer) and `blockedSql`; `friendOf`
 * (a user's accepted friendships, joining the friend's users row: whom a task without a chat may be assigned to).
 */
export { relatesRoutes } from './routes'
export { createRelatesService, refusalError, type RelatesService } from './service'
export { blockedSql, chatRefusalSql, type Decision, friendOf, type Refusal } from './policy'
