import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { ErrorBody } from '../../contract/common'

/**
 * The global HTTP error catalogue, as a pure function of the status, the parsed
 * error body and the API path (relative to /api/, without query).
 *
 *   400 -> the body message when present, else the flattened field messages
 *   401 -> unauthorized: one silent refresh, then /login (no toast)
 *   402 -> 'Payment Required'
 *   403 -> 'Permission denied', except the info, topic and label lookups (silent)
 *   404 -> 'Error'
 *   413 -> 'Your storage is running out, please upgrade here' (links to /pricing)
 *   500 -> 'Server Error'
 *   any other status above 400 -> 'Error'
 *
 * The auth calls themselves (auth/login, auth/refresh-token, ...) never have a session to refresh:
 * a 401 from them is shown with the server's message instead.
 */

/** Text of a toast: a server message (already in the request's language) or a catalog message. */
export type ToastText = string | MessageDescriptor

export type ErrorOutcome = { kind: 'toast'; text: ToastText; link?: '/pricing' } | { kind: 'unauthorized' } | { kind: 'silent' }

export const CATALOGUE_MESSAGES = {
  paymentRequired: msg`Payment Required`,
  permissionDenied: msg`Permission denied`,
  error: msg`Error`,
  storageFull: msg`Your storage is running out, please upgrade here`,
  serverError: msg`Server Error`,
  upgrade: msg`Upgrade`,
} as const

/** Lookups whose 403 is expected (a member-only object seen by a non-member) and stays silent. */
const SILENT_403_LOOKUPS = [/(^|\/)info(\/|$)/, /^topic(\/|$)/, /(^|\/)labels?(\/|$)/]

export function isSilent403Lookup(path: string): boolean {
  const clean = normalizePath(path)
  return SILENT_403_LOOKUPS.some((pattern) => pattern.test(clean))
}

/** Calls made without a session (or to get one): their 401 is a plain error, not an expired session. */
export function isAuthCall(path: string): boolean {
  return normalizePath(path).startsWith('auth/')
}

/** `/api/topic/info?x=1` -> `topic/info`. */
export function normalizePath(path: string): string {
  return path
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/[?#].*$/, '')
    .replace(/^\/+/, '')
    .replace(/^api\//, '')
}

/** The values of an `errors` object (or the global errorMessage state), flattened in field order. */
export function flattenFieldMessages(errors: Record<string, readonly string[] | string> | undefined | null): string[] {
  if (!errors) return []
  return Object.values(errors)
    .flatMap((value) => (Array.isArray(value) ? value : [value as string]))
    .filter((m) => m.length > 0)
}

export function parseErrorBody(body: unknown): ErrorBody | null {
  if (!body || typeof body !== 'object') return null
  const { message, errors } = body as { message?: unknown; errors?: unknown }
  const out: ErrorBody = { message: typeof message === 'string' ? message : '' }
  if (errors && typeof errors === 'object') {
    const fields: Record<string, string[]> = {}
    for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
      const list = Array.isArray(value) ? value : [value]
      fields[field] = list.filter((m): m is string => typeof m === 'string')
    }
    out.errors = fields
  }
  return out
}

export function errorOutcome(status: number, body: unknown, path: string): ErrorOutcome {
  const parsed = parseErrorBody(body)
  switch (status) {
    case 400: {
      if (parsed?.message) return { kind: 'toast', text: parsed.message }
      const fields = flattenFieldMessages(parsed?.errors)
      return { kind: 'toast', text: fields.length > 0 ? fields.join('\n') : CATALOGUE_MESSAGES.error }
    }
    case 401:
      if (isAuthCall(path)) return { kind: 'toast', text: parsed?.message || CATALOGUE_MESSAGES.error }
      return { kind: 'unauthorized' }
    case 402:
      return { kind: 'toast', text: CATALOGUE_MESSAGES.paymentRequired }
    case 403:
      return isSilent403Lookup(path) ? { kind: 'silent' } : { kind: 'toast', text: CATALOGUE_MESSAGES.permissionDenied }
    case 404:
      return { kind: 'toast', text: CATALOGUE_MESSAGES.error }
    case 413:
      return { kind: 'toast', text: CATALOGUE_MESSAGES.storageFull, link: '/pricing' }
    case 500:
      return { kind: 'toast', text: CATALOGUE_MESSAGES.serverError }
    default:
      return status > 400 ? { kind: 'toast', text: CATALOGUE_MESSAGES.error } : { kind: 'silent' }
  }
}
