import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Language } from '../../../contract/common'
import type { Plan, User } from '../../../contract/user'
import type { SessionSnapshot } from './session.machine'
import { initialsOf } from './session.rules'
import type { SessionEvent } from './session.types'

/**
 * Pure: the session's state -> what the app renders of it. The state is the machine's snapshot,
 * or null while the session chunk has not run yet (src/services/session.ts): that only happens
 * for a visitor with no stored session, i.e. logged out with nothing in progress.
 */
export type SessionState = SessionSnapshot | null
type Send = (event: SessionEvent) => void

const matches = (state: SessionState, value: Parameters<SessionSnapshot['matches']>[0]) => state?.matches(value) ?? false

const PLAN_LABELS: Record<Plan, MessageDescriptor> = {
  freemium: msg`Freemium`,
  premium: msg`Premium`,
  growth: msg`Growth`,
}

/** Restoring is over: guards can decide. */
export const isSettled = (state: SessionState) => !matches(state, 'restoring')

export const isLoggedIn = (state: SessionState) => matches(state, 'loggedIn')

export const userOf = (state: SessionState): User | null => state?.context.user ?? null

/** The signed-in user's id ('' logged out or still restoring). */
export const meIdOf = (state: SessionState): string => state?.context.user?._id ?? ''

/** The session's media token ('' logged out): what the chat links files with. */
export const mediaTokenOf = (state: SessionState): string => state?.context.mediaToken ?? ''

export interface AccountView {
  name: string
  email: string
  workid: string
  photoUrl: string | null
  initials: string
  plan: Plan
  planLabel: MessageDescriptor
  /** The sidebar's chat link: the user's current channel's chat (it checks membership), else /chat. */
  chatHref: ChatHref
  loggingOut: boolean
  createdAt: string | null
}

export type ChatHref = '/chat' | `/chat/channel/${string}`

/** The user's own channel's chat when they have a current channel (the server sets it only for a member), else /chat. */
export const chatHrefOf = (user: User | null): ChatHref =>
  user?.account.channel ? `/chat/channel/${encodeURIComponent(user.account.channel)}` : '/chat'

/** The account as the header, the account drawer and the home page show it. */
export function accountView(state: SessionState): AccountView {
  const user = userOf(state)
  const plan: Plan = user?.package ?? 'freemium'
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    workid: user?.workid ?? '',
    photoUrl: user?.photo_url ?? null,
    initials: initialsOf(user?.name ?? ''),
    plan,
    planLabel: PLAN_LABELS[plan],
    chatHref: chatHrefOf(user),
    loggingOut: matches(state, { loggedIn: 'loggingOut' }),
    createdAt: user?.created_at ?? null,
  }
}

export interface AccountProps extends AccountView {
  onLogout: () => void
}

export interface SessionProps {
  settled: boolean
  loggedIn: boolean
  user: User | null
  /** The account drawer and the header. */
  account: AccountProps
  onLanguage: (language: Language) => void
  onRefreshUser: () => void
}

export function connect(state: SessionState, send: Send): SessionProps {
  return {
    settled: isSettled(state),
    loggedIn: isLoggedIn(state),
    user: userOf(state),
    account: { ...accountView(state), onLogout: () => send({ type: 'LOGOUT' }) },
    onLanguage: (language) => send({ type: 'LANGUAGE', language }),
    onRefreshUser: () => send({ type: 'REFRESH_USER' }),
  }
}
