import ky, { HTTPError, type KyRequest, type Options } from 'ky'
import type { z } from 'zod'
import type { ErrorBody } from '../../contract/common'
import type { BodyOf, EndpointDef, QueryOf, ResultOf } from '../../contract/endpoints'
import { CATALOGUE_MESSAGES, errorOutcome, isAuthCall, normalizePath, parseErrorBody } from './error-catalogue'
import { setErrorMessage } from './error-message'
import { currentLanguage } from './i18n'
import { showToast } from './toast'
import { xhrFetch, type UploadProgress } from './upload'

/**
 * The one HTTP client: ky with prefix /api, the session's Bearer token, Accept-Language = the
 * current language, and the global error catalogue (error-catalogue.ts): every failed call shows its
 * toast and is then rethrown. A 401 gets one silent, single-flight token refresh and one retry;
 * when that fails the session ends and the app goes to /login.
 */

/** What the HTTP client needs from the session (wired by src/services/session.ts). */
export interface AuthBridge {
  accessToken(): string | null
  /** A usable access token after `used` was refused: the current one if it already changed, else a refreshed one; null when the session is over. */
  refresh(used: string): Promise<string | null>
  /** A 401 that no refresh can fix: end the session and go to /login. */
  expired(): void
}

const noSession: AuthBridge = { accessToken: () => null, refresh: async () => null, expired: () => {} }
let bridge: AuthBridge = noSession

export function connectAuth(next: AuthBridge) {
  bridge = next
}

/** Per-call options read by the hooks (ky's `context`). */
interface CallContext extends Record<string, unknown> {
  /** Use this access token instead of the session's (while the session is being built), and never refresh it. */
  token?: string
  /** Do not show the catalogue's toast for this call (the caller shows its own feedback). */
  quiet?: boolean
}

const bodies = new WeakMap<HTTPError, ErrorBody | null>()

/** Status and parsed body of a failed call (null for network errors and non-HTTP errors). */
export function apiErrorOf(error: unknown): { status: number; body: ErrorBody | null } | null {
  if (!(error instanceof HTTPError)) return null
  return { status: error.response.status, body: bodies.get(error) ?? null }
}

const pathOf = (request: Request) => normalizePath(new URL(request.url).pathname)

function bearerOf(request: KyRequest): string | null {
  const header = request.headers.get('Authorization')
  return header?.startsWith('Bearer ') ? header.slice(7) : null
}

/** A session holds an access token (calls that need one can be made). */
const hasSession = (): boolean => bridge.accessToken() !== null

/** A call made with a token while logged in whose answer arrives after the session ended (e.g. logout): its 401 sends nobody to /login. */
function isFromEndedSession(request: KyRequest): boolean {
  return bearerOf(request) !== null && !hasSession()
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.clone().json()
  } catch {
    return null
  }
}

/** fetch that reports a failed connection (not an abort) with the catalogue's 'Error' toast while online. */
const reportingFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init)
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError'
    if (!aborted && (typeof navigator === 'undefined' || navigator.onLine)) showToast({ text: CATALOGUE_MESSAGES.error, tone: 'error' })
    throw error
  }
}

/** /api/ on this origin, absolute (Request objects outside a browser do not resolve relative URLs). */
const API_BASE = typeof location === 'undefined' ? '/api' : new URL('/api/', location.href).href

export const http = ky.create({
  prefixUrl: API_BASE,
  timeout: 30_000,
  // Only the forced retry after a token refresh; nothing else is retried.
  retry: { limit: 1, shouldRetry: () => false },
  fetch: (input, init) => reportingFetch(input, init),
  hooks: {
    beforeRequest: [
      (request, options) => {
        const context = options.context as CallContext
        const token = context.token ?? bridge.accessToken()
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
        if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', currentLanguage())
      },
    ],
    afterResponse: [
      async (request, options, response, state) => {
        if (response.status !== 401 || state.retryCount > 0) return
        if (isAuthCall(pathOf(request)) || (options.context as CallContext).token) return
        const used = bearerOf(request)
        if (!used) return
        const fresh = await bridge.refresh(used)
        if (fresh) return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' })
      },
    ],
    beforeError: [
      async (error) => {
        const raw = await readBody(error.response)
        const body = parseErrorBody(raw)
        bodies.set(error, body)
        const path = pathOf(error.request)
        const outcome = errorOutcome(error.response.status, raw, path)
        if (error.response.status === 400 && body?.errors && Object.keys(body.errors).length > 0) setErrorMessage(body.errors)
        const quiet = Boolean((error.options.context as CallContext | undefined)?.quiet)
        if (outcome.kind === 'toast' && !quiet) {
          showToast({
            text: outcome.text,
            tone: 'error',
            link: outcome.link ? { to: outcome.link, label: CATALOGUE_MESSAGES.upgrade } : undefined,
          })
        }
        if (outcome.kind === 'unauthorized' && !isFromEndedSession(error.request)) bridge.expired()
        return error
      },
    ],
  },
})

/** An entry the client can call: it answers `{ result }` JSON. */
type Callable = EndpointDef & { response: z.ZodType }

/** What `call` sends: the entry's body, its query, or a form of files; nothing when it takes none. */
export type InputOf<E extends EndpointDef> = E extends { multipart: true }
  ? FormData
  : E extends { body: z.ZodType }
    ? BodyOf<E>
    : E extends { query: z.ZodType }
      ? QueryOf<E>
      : undefined

export interface CallOptions {
  /** Do not show the catalogue's toast (the caller shows its own feedback). */
  quiet?: boolean
  /** Use this access token instead of the session's, and never refresh it. */
  token?: string
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Milliseconds, or false for none (default 30 s). */
  timeout?: number | false
  /** Reports the upload of a form (sent over XMLHttpRequest, which reports progress on HTTP/1.1). */
  onUploadProgress?: (progress: UploadProgress) => void
}

type CallArgs<E extends EndpointDef> = [InputOf<E>] extends [undefined]
  ? [input?: undefined, options?: CallOptions]
  : [input: InputOf<E>, options?: CallOptions]

/** Query values as text; absent ones are left out. */
const searchParamsOf = (query: unknown) =>
  Object.fromEntries(
    Object.entries(query as Record<string, unknown>).filter(
      (entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null,
    ),
  )

/**
 * Calls an entry of contract/endpoints.ts: its method and path, the input as its JSON body, query
 * string or form, and answers the `result` of the `{ result }` envelope. Failures go through the
 * error catalogue (toast unless `quiet`, token refresh on 401) and are rethrown.
 */
export async function call<E extends Callable>(endpoint: E, ...[input, options = {}]: CallArgs<E>): Promise<ResultOf<E>> {
  const context: CallContext = { ...(options.quiet && { quiet: true }), ...(options.token && { token: options.token }) }
  const request: Options = { method: endpoint.method, context }
  const sent: unknown = input
  if (endpoint.multipart) request.body = sent as FormData
  else if (endpoint.body) request.json = sent
  else if (endpoint.query && sent) request.searchParams = searchParamsOf(sent)
  if (options.headers) request.headers = options.headers
  if (options.signal) request.signal = options.signal
  if (options.timeout !== undefined) request.timeout = options.timeout
  if (options.onUploadProgress) request.fetch = xhrFetch(options.onUploadProgress)
  const { result } = await http(endpoint.path, request).json<{ result: ResultOf<E> }>()
  return result
}
