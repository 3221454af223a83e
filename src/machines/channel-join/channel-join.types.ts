import type { ChannelInfo, ChannelJoinBody } from '../../../contract/channel'

export type { ChannelInfo }

/** The channel page: which channel, and whether someone is signed in (a visitor only sees the card). */
export interface ChannelJoinInput {
  channelId: string
  loggedIn: boolean
}

export interface ChannelJoinContext extends ChannelJoinInput {
  channel: ChannelInfo | null
  password: NonNullable<ChannelJoinBody['password']>
  /** Why the last join failed, as the server said it. */
  error: string | null
}

/** POST channel/join: a private channel's password goes with it, a public one's does not. */
export type JoinChannelInput = Pick<ChannelJoinBody, 'password'> & { channelId: string }

export type ChannelJoinEvent =
  /** The route's params or the session changed: another channel, or the visitor signed in or out. */
  | { type: 'OPEN'; channelId: string; loggedIn: boolean }
  | { type: 'RETRY' }
  | { type: 'PASSWORD_CHANGED'; password: string }
  | { type: 'JOIN' }
