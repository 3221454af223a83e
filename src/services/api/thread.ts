import { endpoints } from '../../../contract/endpoints'
import type { ThreadListItem, ThreadPage } from '../../../contract/thread'
import { call } from '../http'

/** The thread calls (contract/endpoints.ts: thread/*; a reply is sent by api/message.ts's sendThreadReply). */

export const threadPage = (rootId: string, before?: number): Promise<ThreadPage> =>
  call(endpoints.threadMessages, { root_id: rootId, ...(before === undefined ? {} : { before }) })
export const followedThreads = (page: number): Promise<ThreadListItem[]> => call(endpoints.threadList, { page })
export const followThread = async (rootId: string, follow: boolean): Promise<boolean> =>
  (await call(endpoints.threadFollow, { root_id: rootId, follow })).following
export const markThreadRead = (rootId: string) => call(endpoints.threadRead, { root_id: rootId }, { quiet: true })
