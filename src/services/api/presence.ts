import { endpoints } from '../../../contract/endpoints'
import type { CustomStatus, Presence, Receipts, StatusSetBody } from '../../../contract/presence'
import { call } from '../http'

/**
 * Presence, custom status and read receipts (contract/endpoints.ts, tag 'presence'). Quiet: the
 * dots and lines simply wait for the next answer; the status form shows the server's message.
 */
const quiet = { quiet: true }

export const presenceOf = (userIds: string[]): Promise<Presence[]> => call(endpoints.presenceOf, { user_ids: userIds }, quiet)
export const setStatus = (body: StatusSetBody): Promise<CustomStatus> => call(endpoints.statusSet, body, quiet)
export const clearStatus = (): Promise<{ cleared: boolean }> => call(endpoints.statusClear, {}, quiet)
export const receiptsOf = (topicId: string): Promise<Receipts> => call(endpoints.receipts, { topic_id: topicId }, quiet)
