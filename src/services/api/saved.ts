import { endpoints } from '../../../contract/endpoints'
import type { SavedItem, SavedState } from '../../../contract/saved'
import type { ScheduledCreateBody, ScheduledMessage, ScheduledUpdateBody } from '../../../contract/scheduled'
import { call } from '../http'

/**
 * The saved and scheduled messages calls (contract/endpoints.ts, tags 'saved' and 'scheduled').
 * Quiet: the lists and forms say themselves what was refused, with the server's message.
 */
const quiet = { quiet: true }

export const saveMessage = (messageId: string): Promise<SavedState> => call(endpoints.savedAdd, { message_id: messageId }, quiet)
export const unsaveMessage = (messageId: string): Promise<SavedState> => call(endpoints.savedRemove, { message_id: messageId }, quiet)
export const savedMessages = (page: number): Promise<SavedItem[]> => call(endpoints.savedList, { page }, quiet)
export const savedInTopic = (topicId: string): Promise<string[]> => call(endpoints.savedInTopic, { topic_id: topicId }, quiet)

export const createScheduled = (body: ScheduledCreateBody): Promise<ScheduledMessage> => call(endpoints.scheduledCreate, body, quiet)
export const updateScheduled = (body: ScheduledUpdateBody): Promise<ScheduledMessage> => call(endpoints.scheduledUpdate, body, quiet)
export const cancelScheduled = (id: string): Promise<ScheduledMessage> => call(endpoints.scheduledCancel, { scheduled_id: id }, quiet)
export const sendScheduledNow = (id: string): Promise<ScheduledMessage> => call(endpoints.scheduledSendNow, { scheduled_id: id }, quiet)
export const scheduledMessages = (page: number, topicId: string | null): Promise<ScheduledMessage[]> =>
  call(endpoints.scheduledList, { page, ...(topicId ? { topic_id: topicId } : {}) }, quiet)
