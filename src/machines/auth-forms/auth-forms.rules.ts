const query = (params: Record<string, string>) => new URLSearchParams(params).toString()

export const verifyEmailHref = (email: string) => `/verify-email?${query({ email })}`
export const verifiedLoginHref = (email: string) => `/login?${query({ email, verified: '1' })}`
export const resetLoginHref = (email: string) => `/login?${query({ email, reset: '1' })}`

/** Only same-origin paths are followed after login. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}
