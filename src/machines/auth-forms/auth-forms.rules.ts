import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { AuthSearch } from './auth-forms.types'

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()

export const verifyEmailHref = (email: string) => `/verify-email?${query({ email })}`
export const verifiedLoginHref = (email: string) => `/login?${query({ email, verified: '1' })}`
export const resetLoginHref = (email: string) => `/login?${query({ email, reset: '1' })}`

/** Only same-origin paths are followed after login. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}

/** The notice /login shows after a verification or a password reset (from its URL). */
export function loginNotice(search: AuthSearch): MessageDescriptor | null {
  if (search.verified) return msg`Your email is verified, please log in`
  if (search.reset) return msg`Your password has been changed, please log in`
  return null
}
