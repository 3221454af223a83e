/** The notify module's public face: the inbox routes and `notify`, which other modules call to tell a user something; browser push. */
export { notifyRoutes } from './routes'
export { createNotifyService, type NotifyService } from './service'
export type { PushOutcome, PushService } from './push'
