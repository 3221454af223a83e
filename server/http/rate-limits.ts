import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import type { RateLimit, RateLimitName } from '../../contract'
import type { AppContext } from '../context'
import { HttpError } from './errors'

/** A string field of a validated body, for rate-limit keys (runs after validation). */
const bodyField = (req: FastifyRequest, name: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : ''
}

/** IPv4 as is, IPv6 by its /64 (one host usually owns the whole prefix). */
const clientAddress = (req: FastifyRequest) => normalizeIP(req.ip)

/** What one budget of a rule is counted per (see RateLimit in contract/endpoints.ts). */
const keyOf: Record<RateLimit['by'], (name: RateLimitName, req: FastifyRequest) => string> = {
  ip: (name, req) => `${name}|${clientAddress(req)}`,
  ipAndEmail: (name, req) => `${name}|${clientAddress(req)}|${bodyField(req, 'email')}`,
  user: (name, req) => `${name}|${req.auth?.userId ?? ''}`,
  userAndChannel: (name, req) => `${name}|${req.auth?.userId ?? ''}|${bodyField(req, 'channel_id')}`,
}

/** Kinds keyed by the body count once it is validated (preHandler); the others as the request arrives (onRequest, after the auth hook). */
export const countsAfterBody = (limit: RateLimit) => limit.by === 'ipAndEmail' || limit.by === 'userAndChannel'

/** Every signed-in call counts against one budget per user. */
export const USER_LIMIT: RateLimit = { rule: 'user', by: 'user' }

type LimitHook = onRequestAsyncHookHandler & preHandlerAsyncHookHandler

/** One limiter per rule and key kind, shared by every entry naming it (built once per server). */
const limiters = new WeakMap<AppContext, Map<string, LimitHook>>()

/**
 * The hook counting a request against one rule: over the budget -> 429 with Retry-After. When the
 * counter store (Redis) fails, a fail-closed rule answers 503 and any other lets the request through.
 * Several rules may apply to one route (each is counted), which the plugin's own per-route hook cannot do.
 */
export function rateLimitHook(app: Pick<FastifyInstance, 'createRateLimit'>, ctx: AppContext, limit: RateLimit): LimitHook {
  let byServer = limiters.get(ctx)
  if (!byServer) limiters.set(ctx, (byServer = new Map()))
  const id = `${limit.rule}|${limit.by}`
  const known = byServer.get(id)
  if (known) return known
  const rule = ctx.config.rateLimits[limit.rule]
  // continueExceeding (the rule's backoff) is a route option of @fastify/rate-limit; createRateLimit hands it to its store too.
  const options: RateLimitOptions = {
    max: rule.max,
    timeWindow: rule.windowMs,
    continueExceeding: rule.backoff === true,
    keyGenerator: (req) => keyOf[limit.by](limit.rule, req),
    skipOnError: !rule.failClosed,
  }
  const check = app.createRateLimit(options)
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
export const limitsOf = (limit: RateLimit | readonly RateLimit[] | undefined): readonly RateLimit[] => [limit ?? []].flat()
