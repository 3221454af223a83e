import type { Message, SendMessageBody } from '../../contract/message'
import type { MediaItem, StoragePage } from '../../contract/media'
import type { Topic, TopicInfo, TopicPermissions } from '../../contract/topic'
import { API } from '../../contract/routes'
import { apiErrorOf, http, unwrap } from './http'
import { xhrFetch, type UploadProgress } from './upload'

/** The chat calls of contract/topic.ts, message.ts and media.ts. */
const quiet = { context: { quiet: true } }

export const listTopics = (page = 1) => unwrap(http.get(API.topicRecent, { searchParams: { page } }).json<{ result: Topic[] }>())
export const topicInfo = (topicId: string) => unwrap(http.get(API.topicInfo, { searchParams: { topic_id: topicId } }).json<{ result: TopicInfo }>())
export const chatWith = (workid: string) => unwrap(http.get(API.topicChatFriend, { searchParams: { workid } }).json<{ result: Topic }>())
export const pinTopic = (topicId: string) => unwrap(http.put(API.topicPin, { ...quiet, json: { topic_id: topicId } }).json<{ result: Topic }>())
export const unpinTopic = (topicId: string) => unwrap(http.put(API.topicUnpin, { ...quiet, json: { topic_id: topicId } }).json<{ result: Topic }>())
export const hideTopic = (topicId: string) => unwrap(http.put(API.topicHide, { ...quiet, json: { topic_id: topicId } }).json<{ result: Topic }>())
/** Fires after a topic was marked seen or unseen (the header's unread count follows). */
export const seenChanges = new EventTarget()
export async function saveSeen(topicId: string, seen: boolean): Promise<Topic> {
  const topic = await unwrap(http.put(API.channelSeen, { ...quiet, json: { topic_id: topicId, is_seen: seen ? 1 : 0 } }).json<{ result: Topic }>())
  seenChanges.dispatchEvent(new Event('change'))
  return topic
}

export const messagesOf = (topicId: string, range: { before?: number; after?: number } = {}) =>
  unwrap(http.get(API.topicMessages, { searchParams: { topic_id: topicId, ...range } }).json<{ result: Message[] }>())
export const pinnedOf = (topicId: string) => unwrap(http.get(API.topicPinned, { searchParams: { topic_id: topicId } }).json<{ result: Message[] }>())
export const editMessage = (messageId: string, message: string) => unwrap(http.put(API.messageEdit, { json: { message_id: messageId, message } }).json<{ result: Message }>())
export const deleteMessage = (messageId: string) => unwrap(http.delete(API.messageDelete, { json: { message_id: messageId } }).json<{ result: Message }>())
export const pinMessage = (messageId: string, pin: boolean) => unwrap(http.put(API.messagePin, { json: { message_id: messageId, is_pin: pin ? 1 : 0 } }).json<{ result: Message }>())
export const forwardMessage = (messageId: string, topicIds: string[]) =>
  unwrap(http.post(API.messageForward, { json: { message_id: messageId, topic_ids: topicIds } }).json<{ result: Message[] }>())


/**
 * POST message/send for the outbox: a refusal by the server (4xx) is final, anything else
 * (offline, timeout, 5xx) is retried later with the same client_id.
 */
export async function sendMessage({ client_id, topic_id, message, reply_to, media_ids, mentions }: SendMessageBody): Promise<Message> {
  const body: SendMessageBody = { client_id, topic_id, message, reply_to, media_ids, mentions }
  try {
    return await unwrap(http.post(API.messageSend, { ...quiet, json: body }).json<{ result: Message }>())
  } catch (error) {
    const failed = apiErrorOf(error)
    // 401 (the session ended), 408 and 429 are not the message's fault: it is sent again later.
    const rejected = failed !== null && failed.status >= 400 && failed.status < 500 && ![401, 408, 429].includes(failed.status)
    throw { rejected, reason: failed?.body?.message ?? '' }
  }
}

/**
 * POST media/upload with progress; abort with the signal. A refusal rejects with the server's message.
 * A topic's attachment is private to its members; a channel image or banner is public (no topic).
 */
export async function uploadFile(target: { topicId: string } | { acl: 'public' }, file: File, onProgress: (p: UploadProgress) => void, signal?: AbortSignal): Promise<MediaItem> {
  const form = new FormData()
  if ('topicId' in target) form.set('topic_id', target.topicId)
  form.set('acl', 'topicId' in target ? 'private' : 'public')
  form.set('file', file, file.name)
  try {
    return await unwrap(http.post(API.mediaUpload, { ...quiet, body: form, signal, timeout: false, fetch: xhrFetch(onProgress) }).json<{ result: MediaItem }>())
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
export const cancelUpload = (mediaId: string) => http.delete(API.mediaCancelUpload, { ...quiet, searchParams: { media_id: mediaId } })

export const addMembers = (topicId: string, customerIds: string[]) => unwrap(http.post(API.topicMember, { json: { topic_id: topicId, customer_ids: customerIds } }).json<{ result: TopicInfo }>())
export const removeMember = (topicId: string, customerId: string) =>
  unwrap(http.delete(API.topicMember, { json: { topic_id: topicId, customer_id: customerId } }).json<{ result: { topic_id: string } }>())
export const renameTopic = (topicId: string, name: string) => unwrap(http.put(API.topicRename, { json: { topic_id: topicId, name } }).json<{ result: Topic }>())
export const setTopicPermissions = (topicId: string, permission: Partial<TopicPermissions>) =>
  unwrap(http.put(API.topicPermission, { json: { topic_id: topicId, permission } }).json<{ result: Topic }>())
export const addTopic = (channelId: string, name: string, customerIds: string[]) =>
  unwrap(http.post(API.addTopic, { json: { channel_id: channelId, name, customer_ids: customerIds } }).json<{ result: Topic }>())

export const storageOf = (query: { channelId: string; topicId?: string; trash: boolean; page: number }) =>
  unwrap(
    http
      .get(API.mediaStorage, { searchParams: { channel_id: query.channelId, ...(query.topicId ? { topic_id: query.topicId } : {}), trash: query.trash ? 1 : 0, page: query.page } })
      .json<{ result: StoragePage }>(),
  )
export const trashFile = (mediaId: string) => http.put(API.mediaTrash, { json: { media_id: mediaId } }).json()
export const restoreFile = (mediaId: string) => http.put(API.mediaRestore, { json: { media_id: mediaId } }).json()
export const purgeFile = (mediaId: string) => http.delete(API.mediaPurge, { json: { media_id: mediaId } }).json()
export const setTopicLabel = (topicId: string, labelId: string | null) => unwrap(http.put(API.topicLabel, { json: { topic_id: topicId, label_id: labelId } }).json<{ result: Topic }>())
export const setTopicImage = (topicId: string, fileId: string | null) => unwrap(http.put(API.topicImage, { json: { topic_id: topicId, file_id: fileId } }).json<{ result: Topic }>())
