import type { EmailOnlyBody, LoginBody, RefreshBody, RegisterBody, ResetPasswordBody, Session, Tokens, VerifyEmailBody } from '../../contract/auth'
import { API } from '../../contract/routes'
import { http, unwrap } from './http'

/** The auth calls, one small typed function each (contract/auth.ts). */

export const register = (body: RegisterBody) => unwrap(http.post(API.register, { json: body }).json<{ result: Session }>())

export const login = (body: LoginBody) => unwrap(http.post(API.login, { json: body }).json<{ result: Session }>())

/** Rotating: the answer's refresh token replaces the one sent, which is spent. */
export const refreshToken = (body: RefreshBody, { quiet = false } = {}) =>
  unwrap(http.post(API.refreshToken, { json: body, context: { quiet } }).json<{ result: Tokens }>())

export const verifyEmail = (body: VerifyEmailBody) => unwrap(http.post(API.verifyEmail, { json: body }).json<{ result: unknown }>())

export const resendCode = (body: EmailOnlyBody) => unwrap(http.post(API.resendCode, { json: body }).json<{ result: { sent: true } }>())

export const forgotPassword = (body: EmailOnlyBody) => unwrap(http.post(API.forgotPassword, { json: body }).json<{ result: { sent: true } }>())

export const resetPassword = (body: ResetPasswordBody) => unwrap(http.post(API.resetPassword, { json: body }).json<{ result: unknown }>())

/** Bearer: the session's access token. `fcm_token` only when one is held. */
export const logout = (body: { fcm_token?: string }) => unwrap(http.post(API.logout, { json: body }).json<{ result: unknown }>())
