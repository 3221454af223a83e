import { endpoints } from '../../../contract/endpoints'
import type { CustomEmoji, CustomEmojiCreateBody, MessageReactions, ReactionPeople } from '../../../contract/reaction'
import { call } from '../http'

/**
 * The reaction and custom emoji calls (contract/endpoints.ts, tag 'reaction'). Quiet: the chat says
 * itself when a reaction was not saved (its message shows the server's reactions again), and the
 * custom emoji page shows the server's words.
 */
const quiet = { quiet: true }

export const addReaction = (messageId: string, emoji: string): Promise<MessageReactions> =>
  call(endpoints.reactionAdd, { message_id: messageId, emoji }, quiet)
export const removeReaction = (messageId: string, emoji: string): Promise<MessageReactions> =>
  call(endpoints.reactionRemove, { message_id: messageId, emoji }, quiet)
export const whoReacted = (messageId: string): Promise<ReactionPeople[]> => call(endpoints.reactionList, { message_id: messageId }, quiet)
export const topicEmoji = (topicId: string): Promise<CustomEmoji[]> => call(endpoints.emojiCustom, { topic_id: topicId }, quiet)
export const channelEmoji = (channelId: string): Promise<CustomEmoji[]> => call(endpoints.emojiCustom, { channel_id: channelId }, quiet)
export const createEmoji = (body: CustomEmojiCreateBody): Promise<CustomEmoji> => call(endpoints.emojiCreate, body, quiet)
export const deleteEmoji = (emojiId: string): Promise<{ emoji_id: string }> => call(endpoints.emojiDelete, { emoji_id: emojiId }, quiet)
