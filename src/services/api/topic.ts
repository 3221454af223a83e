import type { Topic, TopicPermissions } from '../../../contract/topic'
import { endpoints } from '../../../contract/endpoints'
import { call } from '../http'

/** The topic calls (contract/endpoints.ts, tag 'topic'): the chat list, a chat's settings and members, the 1:1 and support chats. */
const quiet = { quiet: true }

export const listTopics = (page = 1) => call(endpoints.topicRecent, { page })
export const topicInfo = (topicId: string) => call(endpoints.topicInfo, { topic_id: topicId })
export const pinTopic = (topicId: string) => call(endpoints.topicPin, { topic_id: topicId }, quiet)
export const unpinTopic = (topicId: string) => call(endpoints.topicUnpin, { topic_id: topicId }, quiet)
/** Hide and unhide say what failed (the list puts the chat back where it was). */
export const hideTopic = (topicId: string) => call(endpoints.topicHide, { topic_id: topicId })
export const unhideTopic = (topicId: string) => call(endpoints.topicUnhide, { topic_id: topicId })
export const listHiddenTopics = (page = 1) => call(endpoints.topicHidden, { page })
export const saveSeen = (topicId: string, seen: boolean): Promise<Topic> =>
  call(endpoints.topicSeen, { topic_id: topicId, is_seen: seen ? 1 : 0 }, quiet)

/** The 1:1 chat with a person by id (a deep link), without the catalogue's toast: the page says what went wrong. */
export const chatWithCustomer = (customerId: string) => call(endpoints.topicChatFriend, { customer_id: customerId }, quiet)
/** The 1:1 chat by workid for the /{workid} page, which says itself when it is refused. */
export const chatWithWorkid = (workid: string) => call(endpoints.topicChatFriend, { workid }, quiet)

/**
 * The chat a channel opens with: its first group topic the caller belongs to (General), or null
 * when the caller is not a member (403), the channel is gone (404) or has no topic for them.
 */
export async function channelChatTopic(channelId: string): Promise<string | null> {
  try {
    const topics = await call(endpoints.topicInChannel, { channel_id: channelId, page: 1 }, quiet)
    return topics[0]?._id ?? null
  } catch {
    return null
  }
}

/** A page of the caller's group topics in a channel (403: not a member of it); quiet: the page says what failed. */
export const topicsInChannel = (channelId: string, page: number) => call(endpoints.topicInChannel, { channel_id: channelId, page }, quiet)

/** The support desk's chat with the caller (made on first use), with its info; quiet: the support drawer says what failed. */
export async function supportChat(apiKey: string, customerId: string) {
  const { topic_id } = await call(endpoints.supportChat, { api_key: apiKey, customer_id: customerId }, quiet)
  return call(endpoints.topicInfo, { topic_id }, quiet)
}

export const addMembers = (topicId: string, customerIds: string[]) =>
  call(endpoints.topicMemberAdd, { topic_id: topicId, customer_ids: customerIds })
export const removeMember = (topicId: string, customerId: string) =>
  call(endpoints.topicMemberRemove, { topic_id: topicId, customer_id: customerId })
export const renameTopic = (topicId: string, name: string) => call(endpoints.topicRename, { topic_id: topicId, name })
export const setTopicPermissions = (topicId: string, permission: Partial<TopicPermissions>) =>
  call(endpoints.topicPermission, { topic_id: topicId, permission })
export const addTopic = (channelId: string, name: string, customerIds: string[]) =>
  call(endpoints.addTopic, { channel_id: channelId, name, customer_ids: customerIds })
export const setTopicLabel = (topicId: string, labelId: string | null) =>
  call(endpoints.topicLabel, { topic_id: topicId, label_id: labelId })
export const setTopicImage = (topicId: string, fileId: string | null) => call(endpoints.topicImage, { topic_id: topicId, file_id: fileId })
