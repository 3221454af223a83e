import { endpoints } from '../../../contract/endpoints'
import type { ScheduledCreateBody, ScheduledMessage, ScheduledUpdateBody } from '../../../contract/scheduled'
import { call } from '../http'

/**
 * The scheduled messages calls (contract/endpoints.ts, tag 'scheduled').
 * Quiet: the lists and forms say themselves what was refused, with the server's message.
 */
const quiet = { quiet: true }

export const createScheduled = (body: ScheduledCreateBody): Promise<ScheduledMessage> => call(endpoints.scheduledCreate, body, quiet)
export const updateScheduled = (body: ScheduledUpdateBody): Promise<ScheduledMessage> => call(endpoints.scheduledUpdate, body, quiet)
export const cancelScheduled = (id: string): Promise<ScheduledMessage> => call(endpoints.scheduledCancel, { scheduled_id: id }, quiet)
export const sendScheduledNow = (id: string): Promise<ScheduledMessage> => call(endpoints.scheduledSendNow, { scheduled_id: id }, quiet)
export const scheduledMessages = (page: number, topicId: string | null): Promise<ScheduledMessage[]> =>
  call(endpoints.scheduledList, { page, ...(topicId ? { topic_id: topicId } : {}) }, quiet)
