import { z } from 'zod'
import { LIMITS } from './limits'
import { user } from './user'

const email = z.string().trim().toLowerCase().min(1).max(LIMITS.emailMax).pipe(z.email())
const password = z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMax)
const name = z.string().trim().min(1).max(LIMITS.nameMax)
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/)

/**
 * Service accounts (the support desk) have addresses under this domain (RFC 2606's .invalid: no
 * mailbox anywhere), and sign-up refuses it, so no one can take or impersonate such an address.
 */
export const RESERVED_EMAIL_DOMAIN = 'workroom.invalid'
export const isReservedEmail = (address: string) => address.toLowerCase().endsWith(`@${RESERVED_EMAIL_DOMAIN}`)

/** A new account's address: any valid one but the reserved domain's (refused as an invalid email). */
const newEmail = email.superRefine((value, ctx) => {
  if (isReservedEmail(value)) ctx.addIssue({ code: 'invalid_format', format: 'email', input: value })
})

export const registerBody = z.strictObject({ name, email: newEmail, password })
export type RegisterBody = z.infer<typeof registerBody>

export const loginBody = z.strictObject({ email, password: z.string().min(1).max(LIMITS.passwordMax) })
export type LoginBody = z.infer<typeof loginBody>

/**
 * What login, register and refresh answer. The refresh token is never in a body: it travels in an
 * HttpOnly cookie scoped to auth/refresh-token (see docs/architecture.md, "Sessions").
 * `media_token` expires with the access token: the reader's credential for file links
 * (`mediaAccessUrl`), from which the client builds the links of files pushed over the socket.
 */
export const tokens = z.object({ access_token: z.string(), media_token: z.string() })
export type Tokens = z.infer<typeof tokens>

/** register and login answer with a session. */
export const session = tokens.extend({ user })
export type Session = z.infer<typeof session>

/** auth/refresh-token takes an empty JSON object (the JSON content type is part of the CSRF defence); the token is the cookie. */
export const refreshBody = z.strictObject({})
export type RefreshBody = z.infer<typeof refreshBody>

export const verifyEmailBody = z.strictObject({ email, code })
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>

/** resend-code and forgot-password: always answer `{sent: true}` (no account enumeration). */
export const emailOnlyBody = z.strictObject({ email })
export type EmailOnlyBody = z.infer<typeof emailOnlyBody>
export const sent = z.object({ sent: z.literal(true) })

export const resetPasswordBody = z.strictObject({ email, code, password })
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>

export const logoutBody = z.strictObject({ fcm_token: z.string().max(4096).optional() })
export type LogoutBody = z.infer<typeof logoutBody>

export const done = z.object({ ok: z.literal(true) })
