import type { Socket } from 'socket.io-client'
import { type Account, call, connected, register, socketFor } from './harness'

/** A signed-up user, with helpers for authenticated calls. */
export interface Person extends Account {
  api(method: string, url: string, body?: unknown): ReturnType<typeof call>
}

export async function person(base: string, name = 'Person'): Promise<Person> {
  const account = await register(base, { name })
  return { ...account, api: (method, url, body) => call(base, method, `/api/${url}`, { token: account.access_token, body }) }
}

export async function socketOf(base: string, who: Account): Promise<Socket> {
  const socket = socketFor(base, { token: who.access_token })
  await connected(socket)
  return socket
}

/** A public channel owned by `owner` that `members` joined; its General topic holds everyone. */
export async function channelWith(owner: Person, members: Person[], name = 'Team') {
  const created = await owner.api('POST', 'channel/create', { name, description: '<p>Our team</p>', is_public: true })
  if (created.status !== 200) throw new Error(`channel/create ${created.status} ${JSON.stringify(created.body)}`)
  const channelId: string = created.body.result._id
  for (const m of members) {
    const joined = await m.api('POST', 'channel/join', { channel_id: channelId })
    if (joined.status !== 200) throw new Error(`channel/join ${joined.status}`)
  }
  const topics = await owner.api('GET', `topic-in-channel?channel_id=${channelId}`)
  return { channelId, generalId: topics.body.result[0]._id as string }
}

export const clientId = () => crypto.randomUUID()
