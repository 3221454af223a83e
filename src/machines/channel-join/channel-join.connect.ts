import { ROLES } from '../../../contract/limits'
import type { ChannelJoinSnapshot } from './channel-join.machine'
import type { ChannelInfo, ChannelJoinEvent } from './channel-join.types'

/** The join form of a signed-in visitor who is not a member. */
export interface ChannelJoinFormProps {
  /** A private channel asks for its password. */
  needsPassword: boolean
  password: string
  joining: boolean
  canJoin: boolean
  error: string | null
  onPasswordChange: (password: string) => void
  onJoin: () => void
}

export interface ChannelPageProps {
  status: 'loading' | 'missing' | 'shown'
  channel: ChannelInfo | null
  /** What the card offers: the chats (a member), a login (a visitor), or the join form. */
  action: { kind: 'open' } | { kind: 'login'; redirect: string } | ({ kind: 'join' } & ChannelJoinFormProps) | null
  /** A member sees the channel's members: their role in it. */
  member: { channelId: string; myRole: number } | null
  onRetry: () => void
}

/** Pure: the channel page's props and handlers. */
export function connect(snapshot: ChannelJoinSnapshot, send: (event: ChannelJoinEvent) => void): ChannelPageProps {
  const { channel, loggedIn, password, error } = snapshot.context
  const onRetry = () => send({ type: 'RETRY' })
  if (snapshot.matches('loading') || snapshot.matches('missing') || !channel)
    return { status: snapshot.matches('missing') ? 'missing' : 'loading', channel: null, action: null, member: null, onRetry }
  const isMember = channel.role >= ROLES.member
  const joining = !snapshot.matches({ shown: 'idle' })
  const action: ChannelPageProps['action'] = isMember
    ? { kind: 'open' }
    : !loggedIn
      ? { kind: 'login', redirect: `/channel/${channel._id}` }
      : {
          kind: 'join',
          needsPassword: !channel.is_public,
          password,
          joining,
          canJoin: snapshot.can({ type: 'JOIN' }),
          error,
          onPasswordChange: (value) => send({ type: 'PASSWORD_CHANGED', password: value }),
          onJoin: () => send({ type: 'JOIN' }),
        }
  return { status: 'shown', channel, action, member: isMember ? { channelId: channel._id, myRole: channel.role } : null, onRetry }
}
