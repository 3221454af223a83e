import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent'

/**
 * The one way the server fetches a URL that a user gave it (push endpoints, link previews; webhooks
 * are to use it too): requests go through http(s) agents (request-filtering-agent) that
 * refuse every address that is not public unicast (loopback, private, link-local, unique-local,
 * multicast, carrier-grade NAT, reserved, unspecified), checked on the address DNS answered, just
 * before connecting, so a name that resolves elsewhere later (DNS rebinding) is checked again on
 * every new connection. Redirects are followed by hand, each hop through the same agents.
 */

/** The destination's address is not a public one (or a redirect left http/https). */
export class RefusedDestinationError extends Error {
  constructor(url: string, options?: { cause?: unknown }) {
    super(`refused outgoing request to ${new URL(url).host}: not a public address`, options)
    this.name = 'RefusedDestinationError'
  }
}

export interface SafeFetchOptions {
  /**
   * Tests only: the loopback addresses 127.0.0.1 and ::1 count as reachable, for stubs on this
   * machine. Every other non-public address stays refused.
   */
  allowLoopback?: boolean
  /**
   * Tests only: these single addresses count as reachable too (a stub on 127.0.0.2 stands for a
   * public site while 127.0.0.1, the rest of loopback and every other non-public address stay refused).
   */
  allowAddresses?: string[]
  /** Resolves host names (tests make a name answer a chosen address); dns.lookup by default. */
  lookup?: LookupFunction
}

export interface OutboundRequest {
  method?: string
  headers?: Record<string, string | number>
  body?: Uint8Array | string
  /** For the whole exchange, redirects included. Default 10 s. */
  timeoutMs?: number
  /** Redirects followed, each destination checked again. Default 5; 0 answers a redirect as it is. */
  maxRedirects?: number
  /** Bytes of the answer's body kept; the rest is not read. Default 1 MiB. */
  maxBodyBytes?: number
  signal?: AbortSignal
}

export interface OutboundResponse {
  status: number
  headers: http.IncomingHttpHeaders
  /** The URL that answered (after redirects). */
  url: string
  body: Buffer
  /** The body was longer than maxBodyBytes. */
  truncated: boolean
}

export interface SafeFetch {
  fetch(url: string, request?: OutboundRequest): Promise<OutboundResponse>
  /** Closes the kept-alive connections. */
  close(): void
}

/** Loopback, with the tests' option: single addresses (the library warns when it matches a CIDR against an address of the other family). */
const LOOPBACK = ['127.0.0.1', '::1']
const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** request-filtering-agent refuses with a plain Error whose message says the address "is not allowed". */
const isRefusal = (err: unknown) => err instanceof Error && /is not allowed\. Because/.test(err.message)

export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
  const filter = {
    allowIPAddressList: [...(options.allowLoopback ? LOOPBACK : []), ...(options.allowAddresses ?? [])],
    keepAlive: true,
    ...(options.lookup && { lookup: options.lookup }),
  }
  const agents = { 'http:': new RequestFilteringHttpAgent(filter), 'https:': new RequestFilteringHttpsAgent(filter) }

  /** One request, no redirects followed. */
  function once(url: URL, request: OutboundRequest, signal: AbortSignal): Promise<OutboundResponse> {
    const agent = url.protocol === 'http:' || url.protocol === 'https:' ? agents[url.protocol] : undefined
    if (!agent) return Promise.reject(new RefusedDestinationError(url.href))
    const send = url.protocol === 'https:' ? https.request : http.request
    const maxBodyBytes = request.maxBodyBytes ?? 1024 * 1024
    return new Promise((resolve, reject) => {
      // The time limit settles the answer whatever state the socket is left in (a promise settles once).
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
      const req = send(url, { method: request.method ?? 'GET', headers: request.headers, agent, signal }, (res) => {
        const chunks: Buffer[] = []
        let kept = 0
        let truncated = false
        const done = () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, url: url.href, body: Buffer.concat(chunks), truncated })
        res.on('data', (chunk: Buffer) => {
          const room = maxBodyBytes - kept
          if (chunk.length > room) {
            truncated = true
            if (room > 0) chunks.push(chunk.subarray(0, room))
            kept = maxBodyBytes
            res.destroy()
            done()
            return
          }
          chunks.push(chunk)
          kept += chunk.length
        })
        res.on('end', done)
        res.on('error', (err) => (truncated ? undefined : reject(err)))
        // A connection closed before the body's end (neither 'end' nor 'error' may come then).
        res.on('close', () => (res.complete || truncated ? done() : reject(new Error(`The answer from ${url.host} ended early`))))
      })
      req.on('error', (err) => reject(isRefusal(err) ? new RefusedDestinationError(url.href, { cause: err }) : err))
      req.end(request.body)
    })
  }

  return {
    async fetch(target, request = {}) {
      const limit = deadline(request.timeoutMs ?? 10_000, request.signal)
      try {
        let url = new URL(target)
        let current = request
        for (let redirectsLeft = request.maxRedirects ?? 5; ; redirectsLeft--) {
          const res = await once(url, current, limit.signal)
          const location = res.headers.location
          if (!REDIRECTS.has(res.status) || !location || redirectsLeft <= 0) return res
          const next = new URL(location, url)
          current = redirected(current, res.status, url.origin === next.origin)
          url = next
        }
      } finally {
        limit.clear()
      }
    },
    close() {
      agents['http:'].destroy()
      agents['https:'].destroy()
    },
  }
}

/**
 * A signal that aborts after `ms` or with `outer`. A plain timer, not AbortSignal.any over
 * AbortSignal.timeout: on Node 20 the garbage collector may take that timeout signal away (the
 * composite holds it weakly), and then it never fires: a link preview's fetch of a page that never
 * answered waited forever, and the job queue with it, whenever a collection came in between.
 */
function deadline(ms: number, outer?: AbortSignal): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController()
  const stop = () => controller.abort(outer?.reason)
  const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${ms} ms`, 'TimeoutError')), ms)
  if (outer?.aborted) stop()
  else outer?.addEventListener('abort', stop, { once: true })
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer)
      outer?.removeEventListener('abort', stop)
    },
  }
}

/** The request for the next hop: 303 (and 301/302 after a POST) become a GET without a body; credentials stay on their origin. */
function redirected(request: OutboundRequest, status: number, sameOrigin: boolean): OutboundRequest {
  const toGet = status === 303 || ((status === 301 || status === 302) && request.method === 'POST')
  const drop = new Set([
    ...(toGet ? ['content-length', 'content-type', 'content-encoding'] : []),
    ...(sameOrigin ? [] : ['authorization', 'cookie']),
  ])
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).filter(([name]) => !drop.has(name.toLowerCase())))
  return { ...request, headers, ...(toGet && { method: 'GET', body: undefined }) }
}
