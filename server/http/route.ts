import type {} from '@fastify/rate-limit'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  type Endpoint,
  type EndpointDef,
  errorBody,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type ParsedQueryOf,
  type RateLimitName,
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

/** The email of a validated body, for rate-limit keys (runs after validation). */
const bodyEmail = (req: FastifyRequest) => {
  const email = (req.body as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email : ''
}

/** One limiter per rule keyed by ip + email, shared by every entry naming the rule (built once per server). */
const sharedLimiters = new WeakMap<AppContext, Map<RateLimitName, preHandlerAsyncHookHandler>>()

function sharedLimiter(app: ZodApp, ctx: AppContext, name: RateLimitName): preHandlerAsyncHookHandler {
  let limiters = sharedLimiters.get(ctx)
  if (!limiters) sharedLimiters.set(ctx, (limiters = new Map()))
  let limiter = limiters.get(name)
  if (!limiter) {
    const rule = ctx.config.rateLimits[name]
    limiter = app.rateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (req) => `${name}|${req.ip}|${bodyEmail(req)}` })
    limiters.set(name, limiter)
  }
  return limiter
}

/**
 * The route registrar of one domain plugin: `route(endpoints.x, handler)` registers the entry's
 * method and path with its schemas (body, query, params, the `{result}` answer and the error body),
 * its OpenAPI tag, summary and security, its auth rule and its rate limit.
 */
export function routesOf(app: ZodApp, ctx: AppContext) {
  const guard = authGuard(ctx.tokens)
  const unverifiedGuard = authGuard(ctx.tokens, { allowUnverified: true })
  /** Anyone; a valid token of a verified account makes the caller known (req.auth), any other token is ignored. */
  const optionalAuth: onRequestAsyncHookHandler = async function (req, reply) {
    try {
      await guard.call(this, req, reply)
    } catch (err) {
      if (!(err instanceof HttpError && (err.statusCode === 401 || err.key === 'emailNotVerified'))) throw err
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
    const onRequest = def.auth === 'signedIn' ? [def.allowUnverified ? unverifiedGuard : guard] : def.auth === 'optional' ? [optionalAuth] : []
    const preHandler: preHandlerAsyncHookHandler[] = []
    let config: RouteOptions['config']
    if (def.limit?.by === 'ip') {
      const rule = ctx.config.rateLimits[def.limit.rule]
      config = { rateLimit: { max: rule.max, timeWindow: rule.windowMs } }
    } else if (def.limit?.by === 'ipAndEmail') {
      preHandler.push(sharedLimiter(app, ctx, def.limit.rule))
    }
    const answer = handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>
    app.route({
      method: def.method,
      url: `/${def.path}`,
      schema,
      ...(config && { config }),
      onRequest,
      preHandler,
      handler: def.response ? async (req, reply) => ({ result: await answer(req, reply) }) : answer,
    })
  }
}
