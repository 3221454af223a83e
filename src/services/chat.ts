import type { Message, SendMessageBody } from '../../contract/message'
import pLimit from 'p-limit'
import { type MediaItem, MEDIA_UPLOADS_PER_USER } from '../../contract/media'
import type { Topic, TopicPermissions } from '../../contract/topic'
import { endpoints } from '../../contract/endpoints'
import { apiErrorOf, call } from './http'
import type { UploadProgress } from './upload'

/** The chat calls of topics, messages and media (contract/endpoints.ts). */
const quiet = { quiet: true }

export const listTopics = (page = 1) => call(endpoints.topicRecent, { page })
export const topicInfo = (topicId: string) => call(endpoints.topicInfo, { topic_id: topicId })
/** The 1:1 chat with a person by id (a deep link), without the catalogue's toast: the page says what went wrong. */
export const chatWithCustomer = (customerId: string) => call(endpoints.topicChatFriend, { customer_id: customerId }, quiet)
/** The 1:1 chat by workid for the /{workid} page, which says itself when no one has it. */
export const chatWithQuietly = (workid: string) => call(endpoints.topicChatFriend, { workid }, quiet)
export const pinTopic = (topicId: string) => call(endpoints.topicPin, { topic_id: topicId }, quiet)
export const unpinTopic = (topicId: string) => call(endpoints.topicUnpin, { topic_id: topicId }, quiet)
export const hideTopic = (topicId: string) => call(endpoints.topicHide, { topic_id: topicId }, quiet)
export const saveSeen = (topicId: string, seen: boolean): Promise<Topic> =>
  call(endpoints.topicSeen, { topic_id: topicId, is_seen: seen ? 1 : 0 }, quiet)

export const messagesOf = (topicId: string, range: { before?: number; after?: number } = {}) =>
  call(endpoints.topicMessages, { topic_id: topicId, ...range })
export const pinnedOf = (topicId: string) => call(endpoints.topicPinned, { topic_id: topicId })
export const editMessage = (messageId: string, message: string) => call(endpoints.messageEdit, { message_id: messageId, message })
export const deleteMessage = (messageId: string) => call(endpoints.messageDelete, { message_id: messageId })
export const pinMessage = (messageId: string, pin: boolean) => call(endpoints.messagePin, { message_id: messageId, is_pin: pin ? 1 : 0 })
export const forwardMessage = (messageId: string, topicIds: string[]) =>
  call(endpoints.messageForward, { message_id: messageId, topic_ids: topicIds })

/**
 * POST message/send for the outbox: a refusal by the server (4xx) is final, anything else
 * (offline, timeout, 5xx) is retried later with the same client_id.
 */
export async function sendMessage({ client_id, topic_id, message, reply_to, media_ids, mentions }: SendMessageBody): Promise<Message> {
  const body: SendMessageBody = { client_id, topic_id, message, reply_to, media_ids, mentions }
  try {
    return await call(endpoints.messageSend, body, quiet)
  } catch (error) {
    const failed = apiErrorOf(error)
    // 401 (the session ended), 408 and 429 are not the message's fault: it is sent again later.
    const rejected = failed !== null && failed.status >= 400 && failed.status < 500 && ![401, 408, 429].includes(failed.status)
    throw { rejected, reason: failed?.body?.message ?? '' }
  }
}

/** The server takes MEDIA_UPLOADS_PER_USER uploads of a user at once (one more is 429): the others wait their turn here. */
const uploadTurns = pLimit(MEDIA_UPLOADS_PER_USER)

/**
 * POST media/upload with progress; abort with the signal. A refusal rejects with the server's message.
 * A topic's attachment is private to its members; a channel image or banner is public (no topic).
 * At most MEDIA_UPLOADS_PER_USER run at once; the others start as those end.
 */
export function uploadFile(
  target: { topicId: string } | { acl: 'public' },
  file: File,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<MediaItem> {
  return uploadTurns(() => upload(target, file, onProgress, signal))
}

async function upload(
  target: { topicId: string } | { acl: 'public' },
  file: File,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<MediaItem> {
  const form = new FormData()
  if ('topicId' in target) form.set('topic_id', target.topicId)
  form.set('acl', 'topicId' in target ? 'private' : 'public')
  form.set('file', file, file.name)
  try {
    return await call(endpoints.mediaUpload, form, { quiet: true, signal, timeout: false, onUploadProgress: onProgress })
  } catch (error) {
    const failed = apiErrorOf(error)
    const reason = failed?.body?.errors?.file?.[0] ?? failed?.body?.message
    throw new UploadError(reason ?? null)
  }
}

export class UploadError extends Error {
  constructor(readonly reason: string | null) {
    super(reason ?? 'upload failed')
  }
}

/** DELETE media/cancel-upload?media_id. */
export const cancelUpload = (mediaId: string) => call(endpoints.mediaCancelUpload, { media_id: mediaId }, quiet)

export const addMembers = (topicId: string, customerIds: string[]) =>
  call(endpoints.topicMemberAdd, { topic_id: topicId, customer_ids: customerIds })
export const removeMember = (topicId: string, customerId: string) =>
  call(endpoints.topicMemberRemove, { topic_id: topicId, customer_id: customerId })
export const renameTopic = (topicId: string, name: string) => call(endpoints.topicRename, { topic_id: topicId, name })
export const setTopicPermissions = (topicId: string, permission: Partial<TopicPermissions>) =>
  call(endpoints.topicPermission, { topic_id: topicId, permission })
export const addTopic = (channelId: string, name: string, customerIds: string[]) =>
  call(endpoints.addTopic, { channel_id: channelId, name, customer_ids: customerIds })

export const storageOf = (query: { channelId: string; topicId?: string; trash: boolean; page: number }) =>
  call(endpoints.mediaStorage, { channel_id: query.channelId, topic_id: query.topicId, trash: query.trash ? 1 : 0, page: query.page })
export const trashFile = (mediaId: string) => call(endpoints.mediaTrash, { media_id: mediaId })
export const restoreFile = (mediaId: string) => call(endpoints.mediaRestore, { media_id: mediaId })
export const purgeFile = (mediaId: string) => call(endpoints.mediaPurge, { media_id: mediaId })
export const setTopicLabel = (topicId: string, labelId: string | null) =>
  call(endpoints.topicLabel, { topic_id: topicId, label_id: labelId })
export const setTopicImage = (topicId: string, fileId: string | null) => call(endpoints.topicImage, { topic_id: topicId, file_id: fileId })
