/**
 * The attention module's public face. `deliveryFor(userId, event, at)` is what every sender of
 * notifications, pushes, rings and emails asks before reaching someone (the rules themselves are
 * `deliveryRules` in contract/attention.ts, shared with the client); `alertsFor` sends a message's
 * mention and keyword alerts; `digestJob` is the missed-message email for the scheduler.
 */
import type { Job } from '../../jobs/scheduler'
import type { AttentionService } from './service'

export { attentionRoutes } from './routes'
export { type AttentionService, createAttentionService, type SentMessage } from './service'

/** The missed-message email, once a minute on one node (server/jobs/scheduler.ts). */
export const digestJob = (attention: AttentionService): Job => ({
  name: 'missed-message-email',
  everyMs: 60_000,
  run: () => attention.sendDigests(),
})
