import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Plan } from '../../../contract/user'
import type { AvatarError, SessionNotice, SessionSnapshot } from './session.machine'

/**
 * Pure: session state -> the props each view spreads onto its src/ui component. The state is the
 * machine's snapshot, or null while the session chunk has not run yet (src/services/session.ts):
 * that only happens for a visitor with no stored session, i.e. logged out with nothing in progress.
 */
export type SessionState = SessionSnapshot | null

const matches = (state: SessionState, value: Parameters<SessionSnapshot['matches']>[0]) => state?.matches(value) ?? false

export const NOTICE_MESSAGES: Record<SessionNotice, MessageDescriptor> = {
  codeSent: msg`A new code has been sent to your email`,
  nameSaved: msg`Your name has been saved`,
  avatarSaved: msg`Your avatar has been updated`,
}

export const AVATAR_ERROR_MESSAGES: Record<AvatarError, MessageDescriptor> = {
  type: msg`You can only upload JPG/PNG file`,
  size: msg`The file is too large`,
}

export const PLAN_LABELS: Record<Plan, MessageDescriptor> = {
  freemium: msg`Freemium`,
  premium: msg`Premium`,
  growth: msg`Growth`,
}

/** Restoring is over: guards can decide. */
export const isSettled = (state: SessionState) => !matches(state, 'restoring')

export const isLoggedIn = (state: SessionState) => matches(state, 'loggedIn')

export interface LoginView {
  submitting: boolean
}

export const loginView = (state: SessionState): LoginView => ({
  submitting: matches(state, { loggedOut: 'loggingIn' }) || matches(state, { loggedOut: 'sendingCode' }),
})

export interface SignUpView {
  submitting: boolean
}

export const signUpView = (state: SessionState): SignUpView => ({
  submitting: matches(state, { loggedOut: 'registering' }),
})

export interface VerifyEmailView {
  verifying: boolean
  resending: boolean
  notice: MessageDescriptor | null
}

export const verifyEmailView = (state: SessionState): VerifyEmailView => ({
  verifying: matches(state, { loggedOut: 'verifying' }),
  resending: matches(state, { loggedOut: 'resendingCode' }),
  notice: state?.context.notice === 'codeSent' ? NOTICE_MESSAGES.codeSent : null,
})

export interface ForgotPasswordView {
  /** 'email': ask where to send the code; 'reset': the code and the new password. */
  step: 'email' | 'reset'
  email: string | null
  submitting: boolean
}

export const forgotPasswordView = (state: SessionState): ForgotPasswordView => ({
  step: state?.context.resetEmail ? 'reset' : 'email',
  email: state?.context.resetEmail ?? null,
  submitting: matches(state, { loggedOut: 'requestingReset' }) || matches(state, { loggedOut: 'resettingPassword' }),
})

/** Up to two initials of a name ('Lan Nguyễn' -> 'LN'), for avatars without a photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const first = Array.from(words[0])[0] ?? ''
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : ''
  return (first + last).toLocaleUpperCase()
}

export interface AccountView {
  name: string
  email: string
  workid: string
  photoUrl: string | null
  initials: string
  plan: Plan
  planLabel: MessageDescriptor
  /** The user's own channel chat when the account has one, else /chat. */
  chatHref: '/chat'
  loggingOut: boolean
  createdAt: string | null
}

export function accountView(state: SessionState): AccountView {
  const user = state?.context.user
  const plan: Plan = user?.package ?? 'freemium'
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    workid: user?.workid ?? '',
    photoUrl: user?.photo_url ?? null,
    initials: initialsOf(user?.name ?? ''),
    plan,
    planLabel: PLAN_LABELS[plan],
    // Channels land with their own issue; until then the chat entry is /chat.
    chatHref: '/chat',
    loggingOut: matches(state, { loggedIn: 'loggingOut' }),
    createdAt: user?.created_at ?? null,
  }
}

export interface ProfileView {
  name: string
  photoUrl: string | null
  initials: string
  savingName: boolean
  uploading: boolean
  /** 0..100 while uploading, else null. */
  uploadPercent: number | null
  avatarError: MessageDescriptor | null
  notice: MessageDescriptor | null
}

export function profileView(state: SessionState): ProfileView {
  const { user = null, avatarError = null, notice = null, uploadPercent = null } = state?.context ?? {}
  return {
    name: user?.name ?? '',
    photoUrl: user?.photo_url ?? null,
    initials: initialsOf(user?.name ?? ''),
    savingName: matches(state, { loggedIn: { active: { profile: 'savingName' } } }),
    uploading: matches(state, { loggedIn: { active: { profile: 'uploadingAvatar' } } }),
    uploadPercent,
    avatarError: avatarError ? AVATAR_ERROR_MESSAGES[avatarError] : null,
    notice: notice === 'nameSaved' || notice === 'avatarSaved' ? NOTICE_MESSAGES[notice] : null,
  }
}

/** The notice /login shows after a verification or a password reset (from its URL). */
export function loginNotice(search: { verified?: boolean; reset?: boolean }): MessageDescriptor | null {
  if (search.verified) return msg`Your email is verified, please log in`
  if (search.reset) return msg`Your password has been changed, please log in`
  return null
}
