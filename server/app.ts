import path from 'node:path'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { type Config, resolveConfig, type ServerOptions } from './config'
import type { AppContext } from './context'
import { openDatabase } from './db/client'
import { installAuth } from './http/auth-guard'
import { installErrorHandler } from './http/errors'
import { installJsonParser } from './http/json-body'
import { installOpenApi } from './http/openapi'
import { installSpa } from './http/spa'
import { zodValidatorCompiler } from './http/validation'
import { createMailer } from './mail/mailer'
import { authRoutes } from './modules/auth/routes'
import { createTokenService } from './modules/auth/tokens'
import { customerRoutes } from './modules/customer/routes'
import { emailPreviewRoutes } from './modules/email-preview/routes'
import { healthRoutes } from './modules/health/routes'
import { createRealtime, type RealtimeServer } from './realtime'
import { installMediaRoutes } from './storage/media-routes'

export type { ServerOptions } from './config'

export interface RunningServer {
  /** http://<host>:<port> as a client on this machine reaches it. */
  url: string
  port: number
  app: FastifyInstance
  io: RealtimeServer
  /** The shared services (database, tokens, mailer, realtime), for tests and tools. */
  ctx: AppContext
  close(): Promise<void>
}

/**
 * Starts Workroom: database (migrated), HTTP API under /api, socket.io at /socket.io, the SPA,
 * email previews and OpenAPI docs, all on one port.
 */
export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const config = await resolveConfig(opts)
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir })
  let app: FastifyInstance | undefined
  try {
    app = Fastify({
      logger: config.logger ? { level: config.logLevel } : false,
      // One line per request costs throughput; it is there with LOG_LEVEL=debug.
      logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
      trustProxy: config.trustProxy,
      forceCloseConnections: true,
      bodyLimit: 1024 * 1024,
    })
    const ctx = await buildApp(app, config, database)
    await app.listen({ port: config.port, host: config.host })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    config.port = port
    const clientHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
    const running = app
    return {
      url: `http://${clientHost}:${port}`,
      port,
      app: running,
      io: ctx.realtime.io,
      ctx,
      close: () => running.close(),
    }
  } catch (err) {
    if (app) await app.close().catch(() => undefined)
    else await database.close().catch(() => undefined)
    throw err
  }
}

async function buildApp(app: FastifyInstance, config: Config, database: Awaited<ReturnType<typeof openDatabase>>): Promise<AppContext> {
  app.setValidatorCompiler(zodValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installJsonParser(app)
  installErrorHandler(app)
  installAuth(app)

  const tokens = createTokenService(database.db, config.jwtSecret)
  const realtime = await createRealtime(app.server, { redisUrl: config.redisUrl, authenticate: tokens.authenticate, log: app.log })
  const mailer = createMailer({
    db: database.db,
    log: app.log,
    publicUrl: () => config.publicUrl ?? `http://localhost:${config.port}`,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
  })
  const ctx: AppContext = { config, db: database.db, dbKind: database.kind, mailer, tokens, realtime }

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
    },
    { prefix: '/api' },
  )
  await app.register(emailPreviewRoutes, { ctx })
  await installMediaRoutes(app, path.join(config.mediaDir, 'avatars'))
  await installSpa(app, config.distDir)
  return ctx
}
