import type { Message, SendMessageBody } from '../../../contract/message'
import { endpoints } from '../../../contract/endpoints'
import { apiErrorOf, call } from '../http'

/** The message calls (contract/endpoints.ts, tag 'message'). */

export const messagesOf = (topicId: string, range: { before?: number; after?: number } = {}) =>
  call(endpoints.topicMessages, { topic_id: topicId, ...range })
export const pinnedOf = (topicId: string) => call(endpoints.topicPinned, { topic_id: topicId })
export const editMessage = (messageId: string, message: string) => call(endpoints.messageEdit, { message_id: messageId, message })
export const deleteMessage = (messageId: string) => call(endpoints.messageDelete, { message_id: messageId })
export const pinMessage = (messageId: string, pin: boolean) => call(endpoints.messagePin, { message_id: messageId, is_pin: pin ? 1 : 0 })
export const forwardMessage = (messageId: string, topicIds: string[]) =>
  call(endpoints.messageForward, { message_id: messageId, topic_ids: topicIds })
export const messageHistory = (messageId: string) => call(endpoints.messageHistory, { message_id: messageId })
export const removePreview = (messageId: string) => call(endpoints.messageRemovePreview, { message_id: messageId })

/**
 * POST message/send for the outbox: a refusal by the server (4xx) is final, anything else
 * (offline, timeout, 5xx) is retried later with the same client_id.
 */
export async function sendMessage({ client_id, topic_id, message, reply_to, media_ids, mentions }: SendMessageBody): Promise<Message> {
  const body: SendMessageBody = { client_id, topic_id, message, reply_to, media_ids, mentions }
  try {
    return await call(endpoints.messageSend, body, { quiet: true })
  } catch (error) {
    const failed = apiErrorOf(error)
    // 401 (the session ended), 408 and 429 are not the message's fault: it is sent again later.
    const rejected = failed !== null && failed.status >= 400 && failed.status < 500 && ![401, 408, 429].includes(failed.status)
    throw { rejected, reason: failed?.body?.message ?? '' }
  }
}

/** POST message/send of a thread reply (the thread keeps a failed reply and sends it again with the same client_id). */
export const sendThreadReply = (
  body: Required<Pick<SendMessageBody, 'client_id' | 'topic_id' | 'message' | 'mentions' | 'media_ids'>> & {
    thread_root_id: string
    also_in_chat: boolean
  },
): Promise<Message> => call(endpoints.messageSend, body)
