/**
 * The presence module's public face: presence/of, status/set, status/clear and receipts; the
 * presence service (the only writer of user_presence), which follows every socket once `start`ed
 * and hears read positions through `seen` (the topic module's topic/seen).
 */
export { presenceRoutes } from './routes'
export { createPresenceService, type PresenceService } from './service'
