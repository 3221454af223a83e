import { switchChannel } from './api/customer'
import { chatWithCustomer } from './api/topic'
import { sendSession } from './session'

/**
 * Where a deep link leads (spec: /deeplink/customer|topic|channel/{id}); the routes run these in
 * their loaders, after the sidebar layout made sure the user is logged in (else /login, and back).
 */

/** /deeplink/customer/{id}: the person's page, /{workid}, which opens the 1:1 chat with them. */
export async function customerTarget(customerId: string): Promise<{ topicId: string }> {
  const topic = await chatWithCustomer(customerId)
  return { topicId: topic._id }
}

/** /deeplink/topic/{id}: the chat, when the user is in it (checked by the chat page itself). */
export const topicTarget = (topicId: string): { topicId: string } => ({ topicId })

/**
 * /deeplink/channel/{id}: a member's channel becomes the current one and opens its chats; anyone
 * else gets the channel's public page (join it there).
 */
export async function channelTarget(channelId: string): Promise<'chats' | 'public'> {
  try {
    const user = await switchChannel(channelId, { quiet: true })
    sendSession({ type: 'USER_UPDATED', user })
    return 'chats'
  } catch {
    return 'public'
  }
}
