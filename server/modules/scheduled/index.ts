/**
 * The scheduled module's public face: scheduled/* routes and the scheduled service, the only writer
 * of scheduled_messages (each waiting one a durable job of the job queue, kind `scheduled_send`; its
 * message goes through the message service's `send`).
 */
export { scheduledRoutes } from './routes'
export { createScheduledService, SCHEDULED_SEND_JOB, type ScheduledService, scheduledClientId, scheduledSendKey } from './service'
