import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type Language, type Message, SUPPORT_BOT_WORKID, type SupportChat, type SupportChatQuery } from '../../../contract'
import type { AppContext } from '../../context'
import { users } from '../../db/schema'
import { forbidden } from '../../http/errors'
import type { CustomerService } from '../customer'
import type { TopicService } from '../topic'

/** How long after its last acknowledgement in a chat the desk stays quiet (the person is answered, not each message). */
export const ACK_QUIET_MS = 10 * 60_000

/** The desk's automatic answer, in the customer's language. */
export const SUPPORT_ACK: Record<Language, string> = {
  en: 'Thanks, we have your message. Someone from the Workroom team will answer here, usually within one working day.',
  vi: 'Cảm ơn bạn, chúng tôi đã nhận được tin nhắn. Đội ngũ Workroom sẽ trả lời bạn tại đây, thường trong vòng một ngày làm việc.',
}

export interface SupportDeps {
  customers: CustomerService
  topics: TopicService
  /** Sends a message as the desk (the message module's send, bound in build.ts). */
  sendAs: (senderId: string, topicId: string, text: string) => Promise<unknown>
  log: { error(obj: unknown, msg: string): void }
}

/**
 * The support desk: one account that holds a 1:1 chat with each customer who opens the support
 * chat. The desk is the operator's account when SUPPORT_OPERATOR_EMAIL names one (they read and
 * answer the chats in their own chat list), else a support account the server makes once. A
 * customer's message is stored like any other; the desk acknowledges it once per quiet spell.
 */
export function createSupportService(ctx: AppContext, { customers, topics, sendAs, log }: SupportDeps) {
  const { db, config } = ctx
  let deskId: Promise<string> | null = null
  /** Per chat on this node: is it a support chat, and when the desk last acknowledged there. */
  const supportTopics = new Map<string, boolean>()
  const lastAck = new Map<string, number>()

  async function findDesk(): Promise<string> {
    if (config.support.operatorEmail) {
      const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.email, config.support.operatorEmail)).limit(1)
      if (operator) return operator.id
    }
    return customers.ensureServiceAccount({
      workid: SUPPORT_BOT_WORKID,
      name: 'Workroom Support',
      email: 'support@workroom.local',
      // No password logs in: the hash is of random bytes nobody keeps.
      secret: randomBytes(32).toString('base64url'),
    })
  }
  /** The desk's user id, looked up (or made) once per node; a failure is tried again next time. */
  const desk = (): Promise<string> => {
    deskId ??= findDesk().catch((err: unknown) => {
      deskId = null
      throw err
    })
    return deskId
  }

  async function isSupportTopic(topicId: string, deskUserId: string): Promise<boolean> {
    const known = supportTopics.get(topicId)
    if (known !== undefined) return known
    const partner = await topics.partnerOf(topicId)
    const support = partner !== null && partner.includes(deskUserId)
    if (supportTopics.size > 100_000) supportTopics.clear()
    supportTopics.set(topicId, support)
    return support
  }

  return {
    desk,

    /** GET workid/chat/chat-friend: the caller's chat with the desk, made on first use (the key must be the desk's, the customer the caller). */
    async chat(userId: string, query: SupportChatQuery): Promise<SupportChat> {
      if (query.api_key !== config.support.apiKey || query.customer_id !== userId) throw forbidden()
      const deskUserId = await desk()
      if (deskUserId === userId) throw forbidden()
      const topic = await topics.chatFriend(userId, { customer_id: deskUserId })
      supportTopics.set(topic._id, true)
      return { topic_id: topic._id, bot_id: deskUserId }
    },

    /** After any message: a customer's message in a support chat gets the desk's acknowledgement (once per quiet spell). */
    heard(senderId: string, message: Message): void {
      void (async () => {
        const deskUserId = await desk()
        if (senderId === deskUserId || !(await isSupportTopic(message.topic_id, deskUserId))) return
        const now = Date.now()
        if ((lastAck.get(message.topic_id) ?? 0) > now - ACK_QUIET_MS) return
        lastAck.set(message.topic_id, now)
        const [customer] = await db.select({ language: users.language }).from(users).where(eq(users.id, senderId)).limit(1)
        await sendAs(deskUserId, message.topic_id, SUPPORT_ACK[customer?.language === 'vi' ? 'vi' : 'en'])
      })().catch((err: unknown) => log.error({ err }, 'support acknowledgement failed'))
    },
  }
}

export type SupportService = ReturnType<typeof createSupportService>
