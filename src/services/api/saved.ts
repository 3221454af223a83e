import { endpoints } from '../../../contract/endpoints'
import type { SavedItem, SavedState } from '../../../contract/saved'
import { call } from '../http'

/**
 * The saved messages calls (contract/endpoints.ts, tag 'saved').
 * Quiet: the lists and forms say themselves what was refused, with the server's message.
 */
const quiet = { quiet: true }

export const saveMessage = (messageId: string): Promise<SavedState> => call(endpoints.savedAdd, { message_id: messageId }, quiet)
export const unsaveMessage = (messageId: string): Promise<SavedState> => call(endpoints.savedRemove, { message_id: messageId }, quiet)
export const savedMessages = (page: number): Promise<SavedItem[]> => call(endpoints.savedList, { page }, quiet)
export const savedInTopic = (topicId: string): Promise<string[]> => call(endpoints.savedInTopic, { topic_id: topicId }, quiet)
