import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import type { RateLimit, RateLimitName } from '../../contract'
import type { AppContext } from '../context'
import { HttpError } from './errors'
import type { ZodApp } from './route'

/** The email of a validated body, for rate-limit keys (runs after validation). */
const bodyEmail = (req: FastifyRequest) => {
  const email = (req.body as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email : ''
}

/** IPv4 as is, IPv6 by its /64 (one host usually owns the whole prefix). */
const clientAddress = (req: FastifyRequest) => normalizeIP(req.ip)

const keyOf: Record<RateLimit['by'], (name: RateLimitName, req: FastifyRequest) => string> = {
  ip: (name, req) => `${name}|${clientAddress(req)}`,
  ipAndEmail: (name, req) => `${name}|${clientAddress(req)}|${bodyEmail(req)}`,
}

type LimitHook = onRequestAsyncHookHandler & preHandlerAsyncHookHandler

/** One limiter per rule and key kind, shared by every entry naming it (built once per server). */
const limiters = new WeakMap<AppContext, Map<string, LimitHook>>()

/**
 * The hook counting a request against one rule: over the budget -> 429 with Retry-After. When the
 * counter store (Redis) fails, a fail-closed rule answers 503 and any other lets the request through.
 * Several rules may apply to one route (each is counted), which the plugin's own per-route hook cannot do.
 */
export function rateLimitHook(app: ZodApp, ctx: AppContext, limit: RateLimit): LimitHook {
  let byServer = limiters.get(ctx)
  if (!byServer) limiters.set(ctx, (byServer = new Map()))
  const id = `${limit.rule}|${limit.by}`
  const known = byServer.get(id)
  if (known) return known
  const rule = ctx.config.rateLimits[limit.rule]
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (req) => keyOf[limit.by](limit.rule, req),
    skipOnError: !rule.failClosed,
  })
  const hook: LimitHook = async (req, reply) => {
    let outcome: Awaited<ReturnType<typeof check>>
    try {
      outcome = await check(req)
    } catch (err) {
      req.log.error({ err, rule: limit.rule }, 'rate-limit store failed; refusing')
      throw new HttpError(503, 'tryAgainLater')
    }
    if (outcome.isAllowed || !outcome.isExceeded) return
    reply.header('retry-after', String(outcome.ttlInSeconds))
    throw new HttpError(429, 'tooManyRequests')
  }
  byServer.set(id, hook)
  return hook
}

/** An entry's limits as a list. */
export const limitsOf = (limit: RateLimit | readonly RateLimit[] | undefined): readonly RateLimit[] =>
  limit === undefined ? [] : Array.isArray(limit) ? limit : [limit as RateLimit]
