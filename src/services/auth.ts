import type { EmailOnlyBody, LoginBody, RegisterBody, ResetPasswordBody, VerifyEmailBody } from '../../contract/auth'
import { type BodyOf, endpoints } from '../../contract/endpoints'
import { call } from './http'

/** The auth calls, one small typed function each (contract/endpoints.ts). */

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
