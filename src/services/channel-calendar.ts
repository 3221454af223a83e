import type { ReminderChat, ReminderFormInput } from '../machines/reminder-form'
import { topicsInChannel } from './api/topic'
import { useReminderForm, type ReminderFormOptions } from './calendar'
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

export interface ChannelReminderFormOptions extends ReminderFormOptions {
  /** The channel's chats the reader is in, `topicId` (the chosen one) among them. */
  chats: ReminderChat[]
}

/**
 * The channel calendar's reminder form: useReminderForm with a choice of the channel's chats (the
 * form's machine takes `chats` as input; useReminderForm hands its options to the machine as they are).
 */
export function useChannelReminderForm(options: ChannelReminderFormOptions) {
  const input: ReminderFormOptions & Pick<ReminderFormInput, 'chats'> = options
  return useReminderForm(input)
}
