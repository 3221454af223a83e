import type { ReminderChat } from '../machines/reminder-form'
import { topicsInChannel } from './api/topic'
import { everyPage } from './pages'

/**
 * The chats a channel calendar's new reminder may go in: the channel's chats the reader is in
 * (topic-in-channel, every page), oldest first, so its General chat (made with the channel) leads;
 * null when they cannot be read (not a member of the channel, no such channel).
 */
export async function channelCalendarChats(channelId: string): Promise<ReminderChat[] | null> {
  try {
    const topics = await everyPage((page) => topicsInChannel(channelId, page))
    return topics
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a._id.localeCompare(b._id))
      .map(({ _id, name }) => ({ _id, name }))
  } catch {
    return null
  }
}
