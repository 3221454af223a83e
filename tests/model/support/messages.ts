import type { Message } from '../../../contract/message'

/** A plain text message as the server answers it; `fields` set what a test cares about. */
export const textMessage = (
  fields: Pick<Message, '_id' | 'topic_id' | 'seq' | 'message' | 'sender' | 'created_at'> & Partial<Message>,
): Message => ({
  client_id: null,
  type: 'text',
  reply_to: null,
  forwarded_from: null,
  media: [],
  files_removed: 0,
  mentions: [],
  is_pin: false,
  is_deleted: false,
  reactions: [],
  edited_at: null,
  preview: null,
  thread_root_id: null,
  also_in_chat: false,
  thread: null,
  ...fields,
})
