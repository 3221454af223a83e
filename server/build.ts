import path from 'node:path'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { AppContext } from './context'
import type { Database } from './db/client'
import { installAuth } from './http/auth-guard'
import { installErrorHandler } from './http/errors'
import { installJsonParser } from './http/json-body'
import { installOpenApi } from './http/openapi'
import { installSpa } from './http/spa'
import { zodValidatorCompiler } from './http/validation'
import { createMailer } from './mail/mailer'
import { authRoutes } from './modules/auth/routes'
import { createTokenService } from './auth/tokens'
import { customerRoutes } from './modules/customer/routes'
import { emailPreviewRoutes } from './modules/email-preview/routes'
import { healthRoutes } from './modules/health/routes'
import { channelPublicRoutes, channelRoutes } from './modules/channel/routes'
import { mediaPublicRoutes, mediaRoutes } from './modules/media/routes'
import { messageRoutes } from './modules/message/routes'
import { notifyRoutes } from './modules/notify/routes'
import { memberName, topicIdsOf } from './modules/topic/access'
import { topicRoutes } from './modules/topic/routes'
import { createRealtime } from './realtime'
import { installMediaRoutes } from './storage/media-routes'

export function createFastify(config: Config): FastifyInstance {
  return Fastify({
    logger: config.logger ? { level: config.logLevel } : false,
    // One line per request costs throughput; it is there with LOG_LEVEL=debug.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    trustProxy: config.trustProxy,
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
  })
}

/** Wires every part onto the Fastify instance; the domains get the shared context. */
export async function buildApp(app: FastifyInstance, config: Config, database: Database): Promise<AppContext> {
  app.setValidatorCompiler(zodValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installJsonParser(app)
  installErrorHandler(app)
  installAuth(app)

  const tokens = createTokenService(database.db, config.jwtSecret)
  const realtime = await createRealtime(app.server, { redisUrl: config.redisUrl, authenticate: tokens.authenticate, log: app.log, topicsOf: (userId) => topicIdsOf(database.db, userId), memberName: (userId, topicId) => memberName(database.db, userId, topicId) })
  const mailer = createMailer({
    db: database.db,
    log: app.log,
    publicUrl: () => config.publicUrl ?? `http://localhost:${config.port}`,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  })
  const ctx: AppContext = { config, db: database.db, dbKind: database.kind, run: database.run, mailer, tokens, realtime }

  // Sockets go first so the HTTP server can close; the database goes last.
  app.addHook('preClose', async () => {
    await realtime.close()
  })
  app.addHook('onClose', async () => {
    mailer.close()
    await database.close()
  })

  await app.register(rateLimit, {
    global: false,
    redis: realtime.redis,
    nameSpace: config.rateLimitNamespace,
    skipOnError: true,
    errorResponseBuilder: (_req, context) => ({ statusCode: context.statusCode, message: 'Too many requests' }),
  })
  await installOpenApi(app)

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx })
      await api.register(authRoutes, { ctx })
      await api.register(customerRoutes, { ctx })
      await api.register(notifyRoutes, { ctx })
      await api.register(channelPublicRoutes, { ctx })
      await api.register(channelRoutes, { ctx })
      await api.register(topicRoutes, { ctx })
      await api.register(messageRoutes, { ctx })
      await api.register(mediaPublicRoutes, { ctx })
      await api.register(mediaRoutes, { ctx })
    },
    { prefix: '/api' },
  )
  await app.register(emailPreviewRoutes, { ctx })
  await installMediaRoutes(app, path.join(config.mediaDir, 'avatars'))
  await installSpa(app, config.distDir)
  return ctx
}
