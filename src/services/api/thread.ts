import type { Message } from '../../../contract/message'
import { endpoints } from '../../../contract/endpoints'
import type { ThreadListItem, ThreadPage } from '../../../contract/thread'
import { call } from '../http'

/** The thread calls (contract/endpoints.ts: thread/*, and message/send with thread_root_id). */

export const threadPage = (rootId: string, before?: number): Promise<ThreadPage> =>
  call(endpoints.threadMessages, { root_id: rootId, ...(before === undefined ? {} : { before }) })
export const followedThreads = (page: number): Promise<ThreadListItem[]> => call(endpoints.threadList, { page })
export const followThread = async (rootId: string, follow: boolean): Promise<boolean> =>
  (await call(endpoints.threadFollow, { root_id: rootId, follow })).following
export const markThreadRead = (rootId: string) => call(endpoints.threadRead, { root_id: rootId }, { quiet: true })
export const sendThreadReply = (body: {
  client_id: string
  topic_id: string
  thread_root_id: string
  message: string
  mentions: string[]
  also_in_chat: boolean
}): Promise<Message> => call(endpoints.messageSend, body)
