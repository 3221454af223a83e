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
  resultOf,
  type ResultOf,
} from '../../contract'
import type { AppContext } from '../context'
import { authGuard } from './auth-guard'
import { HttpError } from './errors'
import { countsAfterBody, limitsOf, rateLimitHook, USER_LIMIT } from './rate-limits'

/** The Fastify instance a domain plugin gets (FastifyPluginAsyncZod). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

/** A request of an entry: body, query and path parameters as validated by its schemas. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Body: ParsedBodyOf<E>
  Querystring: ParsedQueryOf<E>
  Params: ParsedParamsOf<E>
}>

/** An entry's handler answers its `result` (the helper wraps it in `{ result }`), or sends a file itself. */
export type EndpointHandler<E extends EndpointDef> = E extends { response: unknown }
  ? (req: EndpointRequest<E>, reply: FastifyReply) => Promise<ResultOf<E>> | ResultOf<E>
  : (req: EndpointRequest<E>, reply: FastifyReply) => Promise<FastifyReply>

const errors = { '4xx': errorBody, '5xx': errorBody }
const bearer = [{ bearer: [] }]

/**
 * The route registrar of one domain plugin: `route(endpoints.x, handler)` registers the entry's
 * method and path with its schemas (body, query, params, the `{result}` answer and the error body),
 * its OpenAPI tag, summary and security, its auth rule and its rate limits (a signed-in entry's
 * also count against the caller's `user` budget).
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
    const auth = def.auth === 'signedIn' ? [def.allowUnverified ? unverifiedGuard : guard] : def.auth === 'optional' ? [optionalAuth] : []
    const limits = [...(def.auth === 'signedIn' ? [USER_LIMIT] : []), ...limitsOf(def.limit)]
    const onRequest = [...auth, ...limits.filter((l) => !countsAfterBody(l)).map((l) => rateLimitHook(app, ctx, l))]
    const preHandler = limits.filter(countsAfterBody).map((l) => rateLimitHook(app, ctx, l))
    const answer = handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>
    app.route({
      method: def.method,
      url: `/${def.path}`,
      schema,
      onRequest,
      preHandler,
      handler: def.response
        ? async (req, reply) => {
            const result = await answer(req, reply)
            // The session's last use (the sessions page), once the call succeeded.
            if (req.auth) await ctx.tokens.touch(req.auth.sessionId)
            return { result }
          }
        : answer,
    })
  }
}
