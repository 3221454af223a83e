import { channelChatTopic } from './api/topic'

/**
 * The sidebar's chat link for a user with a current channel leads to /chat/channel/<id>: that
 * page opens the channel's chat (its General topic) when the user belongs to the channel, else
 * the chat list. Answers the topic to open, or null for the chat list.
 */
export const channelChatTarget = (channelId: string): Promise<string | null> => channelChatTopic(channelId)
