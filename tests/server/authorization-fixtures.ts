import { type Person } from './chat-fixtures'
import { clientId } from './chat-fixtures'
import {
  type Account,
  call,
  FIXTURE_PASSWORD,
  lastEmail,
  refreshCookie,
  registerUnverified,
  type TestServer,
  uniqueEmail,
  verifiedAccount,
} from './harness'
import { firstNotification, onGrowthPlan, pngBytes, resultOf, upload, verifiedPerson } from './verified-fixtures'

/**
 * The fixture of the authorization matrix (tests/server/authorization-matrix.test.ts): one channel
 * with an owner, an admin and a member, its General topic and a smaller group, and things in them;
 * a stranger who belongs to none of it; and fresh things for calls that use theirs up.
 */
export const ROLES = ['anonymous', 'stranger', 'member', 'admin', 'owner'] as const
export type Role = (typeof ROLES)[number]
export type SignedInRole = Exclude<Role, 'anonymous'>

export interface Fixtures {
  server: TestServer
  people: Record<SignedInRole, Person>
  /** No role here: owns another public channel (`openChannelId`), can be chatted with. */
  host: Person
  /** A member whose role the admins change. */
  extra: Person
  /** An account for the anonymous caller's logins. */
  spare: Account
  channelId: string
  generalId: string
  /** The owner's group with the admin and the member (not `extra`). */
  groupId: string
  labelId: string
  /** The member's message in General. */
  memberMessageId: string
  /** A notification of the member's (the owner mentioned them). */
  memberNotificationId: string
  /** The query of a media/access URL the member got for their upload to General. */
  memberFileAccess: Record<string, string>
  /** The key of the owner's public upload. */
  publicKey: string
  openChannelId: string
}

export async function buildFixtures(server: TestServer): Promise<Fixtures> {
  const [owner, admin, member, stranger, host, extra] = await Promise.all(
    ['Owner', 'Admin', 'Member', 'Stranger', 'Host', 'Extra'].map((name) => verifiedPerson(server, name)),
  )
  const spare = await verifiedAccount(server, { name: 'Spare' })
  // Creating channels is a plan quota, not an authorization rule: room for every role's.
  for (const p of [owner, admin, member, stranger, host]) await onGrowthPlan(server, p!.user._id)

  const channelId = resultOf('channel/create', await owner!.api('POST', 'channel/create', { name: 'Team', is_public: true }))._id as string
  for (const p of [admin, member, extra]) resultOf('channel/join', await p!.api('POST', 'channel/join', { channel_id: channelId }))
  resultOf('channel/role', await owner!.api('PUT', 'channel/role', { channel_id: channelId, customer_id: admin!.user._id, role: 30 }))
  const generalId = (
    resultOf('topic-in-channel', await owner!.api('GET', `topic-in-channel?channel_id=${channelId}`)) as { _id: string }[]
  )[0]!._id
  const groupId = resultOf(
    'channel/add-topic',
    await owner!.api('POST', 'channel/add-topic', {
      channel_id: channelId,
      name: 'Inner',
      customer_ids: [admin!.user._id, member!.user._id],
    }),
  )._id as string
  const labelId = resultOf('channel/label', await owner!.api('POST', 'channel/label', { channel_id: channelId, name: 'Ops' }))._id as string
  const memberMessageId = resultOf(
    'message/send',
    await member!.api('POST', 'message/send', { client_id: clientId(), topic_id: generalId, message: 'by the member' }),
  )._id as string
  resultOf(
    'message/send',
    await owner!.api('POST', 'message/send', {
      client_id: clientId(),
      topic_id: generalId,
      message: 'hello',
      mentions: [member!.user._id],
    }),
  )
  const file = resultOf(
    'media/upload',
    await upload(server, member!, { bytes: await pngBytes(), name: 'member.png', topicId: generalId }),
  ) as { url: string }
  const publicFile = resultOf(
    'media/upload',
    await upload(server, owner!, { bytes: await pngBytes(), name: 'banner.png', acl: 'public' }),
  ) as { key: string }
  const openChannelId = resultOf('channel/create', await host!.api('POST', 'channel/create', { name: 'Open', is_public: true }))
    ._id as string

  return {
    server,
    people: { owner: owner!, admin: admin!, member: member!, stranger: stranger! },
    host: host!,
    extra: extra!,
    spare,
    channelId,
    generalId,
    groupId,
    labelId,
    memberMessageId,
    memberNotificationId: await firstNotification(member!),
    memberFileAccess: Object.fromEntries(new URL(file.url, server.url).searchParams),
    publicKey: publicFile.key,
    openChannelId,
  }
}

/** Fresh things for calls that use theirs up (delete, purge, logout...), so every cell has its own. */
export const fresh = {
  /** A new session of an account: its tokens. */
  async session(fx: Fixtures, who: { email: string; password: string }): Promise<{ access_token: string; refresh_token: string }> {
    const res = await call(fx.server.url, 'POST', '/api/auth/login', { body: { email: who.email, password: who.password } })
    return { ...(resultOf('login', res) as { access_token: string }), refresh_token: refreshCookie(res.headers) ?? '' }
  },
  /** A new member of the channel (and so of General), not in the group. */
  async member(fx: Fixtures): Promise<Person> {
    const p = await verifiedPerson(fx.server, 'Newcomer')
    resultOf('channel/join', await p.api('POST', 'channel/join', { channel_id: fx.channelId }))
    return p
  },
  /** A new admin of the channel (the owner made them one). */
  async admin(fx: Fixtures): Promise<Person> {
    const p = await fresh.member(fx)
    resultOf(
      'channel/role',
      await fx.people.owner.api('PUT', 'channel/role', { channel_id: fx.channelId, customer_id: p.user._id, role: 30 }),
    )
    return p
  },
  /** A new member of the channel whom the group's creator (the owner) added to the group. */
  async groupMember(fx: Fixtures): Promise<Person> {
    const p = await fresh.member(fx)
    resultOf('topic/member', await fx.people.owner.api('POST', 'topic/member', { topic_id: fx.groupId, customer_ids: [p.user._id] }))
    return p
  },
  async memberMessage(fx: Fixtures): Promise<string> {
    return resultOf(
      'message/send',
      await fx.people.member.api('POST', 'message/send', { client_id: clientId(), topic_id: fx.generalId, message: 'to be deleted' }),
    )._id
  },
  /** The member's new upload to General, attached to no message. */
  async memberUpload(fx: Fixtures): Promise<string> {
    return resultOf(
      'media/upload',
      await upload(fx.server, fx.people.member, { bytes: await pngBytes(), name: 'fresh.png', topicId: fx.generalId }),
    )._id
  },
  async memberTrashedUpload(fx: Fixtures): Promise<string> {
    const id = await fresh.memberUpload(fx)
    resultOf('media/trash', await fx.people.member.api('PUT', 'media/trash', { media_id: id }))
    return id
  },
  async label(fx: Fixtures): Promise<string> {
    return resultOf('channel/label', await fx.people.owner.api('POST', 'channel/label', { channel_id: fx.channelId, name: 'Temp' }))._id
  },
  /** A signed-up account that has not verified its email yet, and the code emailed to it. */
  async unverified(fx: Fixtures): Promise<{ email: string; code: string }> {
    const account = await registerUnverified(fx.server.url, { name: 'Unverified', password: FIXTURE_PASSWORD })
    return { email: account.email, code: (await lastEmail(fx.server, account.email)).code }
  },
  /** A verified account that asked for a password reset, and the code emailed to it. */
  async resetting(fx: Fixtures): Promise<{ email: string; code: string }> {
    const account = await verifiedAccount(fx.server, { name: 'Forgetful' })
    resultOf('forgot-password', await call(fx.server.url, 'POST', '/api/auth/forgot-password', { body: { email: account.email } }))
    return { email: account.email, code: (await lastEmail(fx.server, account.email)).code }
  },
  email: () => uniqueEmail('matrix'),
}
