import { z } from 'zod'
import { objectId } from './common'
import { storedFile } from './media'

/**
 * The account pages (issue 15, Pages): the sessions page (/log), the storage summary
 * (/account/storage), the trash across channels (/account/trash) and the support chat.
 */

/** What the server makes of a session's User-Agent (bowser); null parts were not recognised. */
export const sessionDevice = z.object({
  /** desktop | mobile | tablet | tv | bot, or null. */
  type: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
})
export type SessionDevice = z.infer<typeof sessionDevice>

/** One open session of the caller. The place is the login's address (no geo lookup). */
export const activeSession = z.object({
  _id: z.string(),
  device: sessionDevice,
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
})
export type ActiveSession = z.infer<typeof activeSession>

export const loginEntry = z.object({ _id: z.string(), device: sessionDevice, ip: z.string().nullable(), created_at: z.string() })
export type LoginEntry = z.infer<typeof loginEntry>

/** The logins shown on /log (newest first). */
export const LOGIN_HISTORY_SHOWN = 50
/** GET auth/sessions: the caller's open sessions (most recently used first) and recent logins. */
export const sessionList = z.object({ sessions: z.array(activeSession), history: z.array(loginEntry) })
export type SessionList = z.infer<typeof sessionList>

/** DELETE auth/sessions: end one of the caller's sessions (its sockets are dropped, its calls get 401). */
export const sessionIdBody = z.strictObject({ session_id: objectId })
export type SessionIdBody = z.infer<typeof sessionIdBody>
export const revokedCount = z.object({ revoked: z.number().int() })

/** GET media/storage-summary: the caller's bytes by channel and by chat, against the plan's quota. */
export const storageTopicUsage = z.object({ topic_id: z.string(), name: z.string(), bytes: z.number().int(), files: z.number().int() })
export const storageChannelUsage = z.object({
  /** null: 1:1 chats (no channel). */
  channel_id: z.string().nullable(),
  name: z.string(),
  bytes: z.number().int(),
  files: z.number().int(),
  topics: z.array(storageTopicUsage),
})
export type StorageChannelUsage = z.infer<typeof storageChannelUsage>
export const storageSummary = z.object({
  used: z.number().int(),
  quota: z.number().int(),
  plan: z.string(),
  channels: z.array(storageChannelUsage),
})
export type StorageSummary = z.infer<typeof storageSummary>

/** GET media/my-trash?page: the caller's own trashed files across every channel and chat, 20 a page, newest trashed first. */
export const myTrashQuery = z.object({ page: z.coerce.number().int().min(1).max(500).default(1) })
export type MyTrashQuery = z.infer<typeof myTrashQuery>
export const trashedFile = storedFile.extend({ channel_id: z.string().nullable(), channel_name: z.string().nullable() })
export type TrashedFile = z.infer<typeof trashedFile>

/**
 * GET workid/chat/chat-friend?api_key&customer_id: the support desk's chat with the customer
 * (the caller), made on first use. The api key names the support desk (SUPPORT_API_KEY on the
 * server; the app sends the key it was built with, this one by default): it is not a secret.
 */
export const DEFAULT_SUPPORT_API_KEY = 'workroom-support-local'
export const supportChatQuery = z.object({ api_key: z.string().min(1).max(200), customer_id: objectId })
export type SupportChatQuery = z.infer<typeof supportChatQuery>
export const supportChat = z.object({ topic_id: z.string(), bot_id: z.string() })
export type SupportChat = z.infer<typeof supportChat>
/** The support bot's Work ID (its account is made once, by the server). */
export const SUPPORT_BOT_WORKID = 'workroom-support'
