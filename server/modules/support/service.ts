import { and, eq } from 'drizzle-orm'
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
 * chat. The desk is the operator's account when SUPPORT_OPERATOR_EMAIL names one that has verified
 * its email (they read and answer the chats in their own chat list), else the support account,
 * which `prepare` makes as the server starts (found by its workid only, under an address sign-up
 * refuses: no sign-up can take its place or stop it being made). A customer's message is stored
 * like any other; the desk acknowledges it once per quiet spell.
 */
export function createSupportService(ctx: AppContext, { customers, topics, sendAs, log }: SupportDeps) {
  const { db, config } = ctx
  /** The desk once it is settled: the operator's account, or the support account when no operator is named. */
  let settled: string | null = null
  let supportAccount: Promise<string> | null = null
  /** Per chat on this node: is it a support chat, and when the desk last acknowledged there. */
  const supportTopics = new Map<string, boolean>()
  const lastAck = new Map<string, number>()

  /** The support account's id, made if missing (once per node; a failure is tried again next time). */
  const supportAccountId = (): Promise<string> => {
    supportAccount ??= customers.ensureServiceAccount({ workid: SUPPORT_BOT_WORKID, name: 'Workroom Support' }).catch((err: unknown) => {
      supportAccount = null
      throw err
    })
    return supportAccount
  }

  /** The named operator's account, only once its owner has verified the address (an unverified sign-up of it is no one's desk). */
  async function verifiedOperator(email: string): Promise<string | null> {
    const [operator] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.emailVerified, 1)))
      .limit(1)
    return operator?.id ?? null
  }

  /**
   * The desk's user id. While a named operator has not verified their address, the support account
   * answers and the operator is looked for again next time; after that the answer is kept.
   */
  async function desk(): Promise<string> {
    if (settled) return settled
    const email = config.support.operatorEmail
    const operator = email ? await verifiedOperator(email) : null
    const id = operator ?? (await supportAccountId())
    if (operator || !email) settled = id
    return id
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

    /** Makes the support account as the server starts (before any sign-up could come first). */
    async prepare(): Promise<void> {
      await supportAccountId()
    },

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
