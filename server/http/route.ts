import type { RateLimitOptions } from '@fastify/rate-limit'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  type Endpoint,
  type EndpointDef,
  errorBody,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type ParsedQueryOf,
  type RateLimit,
  resultOf,
  type ResultOf,
} from '../../contract'
import type { AppContext } from '../context'
import { authGuard } from './auth-guard'
import { HttpError } from './errors'

/** The Fastify instance a domain plugin gets (FastifyPluginAsyncZod). */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>

/** A request of an entry: body, query and path parameters as validated by its schemas. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{ Body: ParsedBodyOf<E>; Querystring: ParsedQueryOf<E>; Params: ParsedParamsOf<E> }>

/** An entry's handler answers its `result` (the helper wraps it in `{ result }`), or sends a file itself. */
export type EndpointHandler<E extends EndpointDef> = E extends { response: unknown }
  ? (req: EndpointRequest<E>, reply: FastifyReply) => Promise<ResultOf<E>> | ResultOf<E>
  : (req: EndpointRequest<E>, reply: FastifyReply) => Promise<FastifyReply>

const errors = { '4xx': errorBody, '5xx': errorBody }
const bearer = [{ bearer: [] }]

/** A string field of a validated body, for rate-limit keys (runs after validation). */
const bodyField = (req: FastifyRequest, name: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : ''
}

/** What one budget of a rule is counted per (see RateLimit in contract/endpoints.ts). */
const budgetOf: Record<RateLimit['by'], (req: FastifyRequest) => string> = {
  ip: (req) => `${req.routeOptions.method} ${req.routeOptions.url}|${req.ip}`,
  ipAndEmail: (req) => `${req.ip}|${bodyField(req, 'email')}`,
  user: (req) => req.auth?.userId ?? '',
  userAndChannel: (req) => `${req.auth?.userId ?? ''}|${bodyField(req, 'channel_id')}`,
}
/** Kinds keyed by the body: counted once it is validated (preHandler); the others as the request arrives. */
const afterBody = (limit: RateLimit) => limit.by === 'ipAndEmail' || limit.by === 'userAndChannel'
/** Every signed-in call counts against one budget per user. */
const USER_LIMIT: RateLimit = { rule: 'user', by: 'user' }

type LimitHook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>

/** One limiter per rule and kind, shared by every entry naming it (built once per server). */
const sharedLimiters = new WeakMap<AppContext, Map<string, LimitHook>>()

/**
 * The hook of a limit: 429 with Retry-After once its budget is spent. Each limit counts on its own
 * (createRateLimit), so one request can be held to several.
 */
function limiter(app: ZodApp, ctx: AppContext, { rule, by }: RateLimit): LimitHook {
  let limiters = sharedLimiters.get(ctx)
  if (!limiters) sharedLimiters.set(ctx, (limiters = new Map()))
  const id = `${rule}|${by}`
  let hook = limiters.get(id)
  if (!hook) {
    const { max, windowMs, backoff } = ctx.config.rateLimits[rule]
    // continueExceeding (a route option of @fastify/rate-limit) reaches the store of createRateLimit too.
    const options: RateLimitOptions = { max, timeWindow: windowMs, continueExceeding: backoff === true, keyGenerator: (req) => `${id}|${budgetOf[by](req)}` }
    const check = app.createRateLimit(options)
    hook = async (req, reply) => {
      const limit = await check(req)
      if (limit.isAllowed || !limit.isExceeded) return
      reply.header('retry-after', limit.ttlInSeconds)
      throw new HttpError(429, 'tooManyRequests')
    }
    limiters.set(id, hook)
  }
  return hook
}

/**
 * The route registrar of one domain plugin: `route(endpoints.x, handler)` registers the entry's
 * method and path with its schemas (body, query, params, the `{result}` answer and the error body),
 * its OpenAPI tag, summary and security, its auth rule and its rate limits (a signed-in entry's
 * also count against the caller's `user` budget).
 */
export function routesOf(app: ZodApp, ctx: AppContext) {
  const guard = authGuard(ctx.tokens)
  /** Anyone; a valid token makes the caller known (req.auth), any other token is ignored. */
  const optionalAuth: onRequestAsyncHookHandler = async function (req, reply) {
    try {
      await guard.call(this, req, reply)
    } catch (err) {
      if (!(err instanceof HttpError && err.statusCode === 401)) throw err
      req.auth = null
    }
  }

  return function route<E extends Endpoint>(entry: E, handler: EndpointHandler<E>) {
    const def: EndpointDef = entry
    const schema: FastifySchema & Record<string, unknown> = {
      tags: [def.tag],
      summary: def.summary,
      ...(def.auth === 'signedIn' && { security: bearer }),
      ...(def.auth === 'optional' && { security: [{}, ...bearer] }),
      ...(def.body && { body: def.body }),
      ...(def.query && { querystring: def.query }),
      ...(def.params && { params: def.params }),
      ...(def.multipart && { consumes: ['multipart/form-data'] }),
      response: def.response ? { 200: resultOf(def.response), ...errors } : errors,
    }
    const auth = def.auth === 'signedIn' ? [guard] : def.auth === 'optional' ? [optionalAuth] : []
    const limits = [...(def.auth === 'signedIn' ? [USER_LIMIT] : []), ...[def.limit ?? []].flat()]
    const onRequest = [...auth, ...limits.filter((l) => !afterBody(l)).map((l) => limiter(app, ctx, l))]
    const preHandler = limits.filter(afterBody).map((l) => limiter(app, ctx, l))
    const answer = handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>
    app.route({
      method: def.method,
      url: `/${def.path}`,
      schema,
      onRequest,
      preHandler,
      handler: def.response ? async (req, reply) => ({ result: await answer(req, reply) }) : answer,
    })
  }
}
