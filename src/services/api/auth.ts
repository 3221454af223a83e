import type { EmailOnlyBody, LoginBody, RegisterBody, ResetPasswordBody, VerifyEmailBody } from '../../../contract/auth'
import { type BodyOf, endpoints } from '../../../contract/endpoints'
import { call } from '../http'

/** The auth calls (contract/endpoints.ts, tag 'auth'), one small typed function each. */

export const register = (body: RegisterBody) => call(endpoints.register, body)

export const login = (body: LoginBody) => call(endpoints.login, body)

/** Rotating: spends the refresh token of the HttpOnly cookie; the answer's cookie holds the next one. */
export const refreshToken = ({ quiet = false } = {}) => call(endpoints.refreshToken, {}, { quiet })

export const verifyEmail = (body: VerifyEmailBody) => call(endpoints.verifyEmail, body)

export const resendCode = (body: EmailOnlyBody) => call(endpoints.resendCode, body)

export const forgotPassword = (body: EmailOnlyBody) => call(endpoints.forgotPassword, body)

export const resetPassword = (body: ResetPasswordBody) => call(endpoints.resetPassword, body)

/** Bearer: the session's access token. `fcm_token` only when one is held. */
export const logout = (body: BodyOf<typeof endpoints.logout>) => call(endpoints.logout, body)

/** The sessions page (/log), quiet: the page says itself what failed. */
const quiet = { quiet: true }

/** GET auth/sessions: the open sessions and recent logins. */
export const listSessions = () => call(endpoints.sessionList, undefined, quiet)

/** DELETE auth/sessions: ends one of the caller's sessions. */
export const revokeSession = (sessionId: string) => call(endpoints.sessionRevoke, { session_id: sessionId }, quiet)

/** POST auth/sessions/revoke-others: ends every session but this one. */
export const revokeOtherSessions = () => call(endpoints.sessionRevokeOthers, undefined, quiet)
