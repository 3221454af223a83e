import type { FastifyInstance } from 'fastify'
import { resolveConfig, type ServerOptions } from './config'
import type { AppContext } from './context'
import { openDatabase, type PgliteOrigin } from './db/client'
import type { Services } from './build'
import type { Scheduler } from './jobs/scheduler'
import type { RealtimeServer } from './realtime'

export type { ServerOptions } from './config'

export interface RunningServer {
  /** http://<host>:<port> as a client on this machine reaches it. */
  url: string
  port: number
  app: FastifyInstance
  io: RealtimeServer
  /** The shared services (database, tokens, mailer, realtime), for tests and tools. */
  ctx: AppContext
  /** Every module's service, as the routes use them, for tests and tools. */
  services: Services
  /** The scheduled jobs (cleanup); `runDue()` runs what is due now. */
  jobs: Scheduler
  startUp: StartUp
  close(): Promise<void>
}

/**
 * Where start-up time went: ms from the call of startServer to the end of each phase. The database
 * (opened, made from the template or from nothing, and migrated) and the HTTP stack's modules load
 * at the same time; the routes are registered once both are there.
 */
export interface StartUp {
  ms: { config: number; database: number; modules: number; routes: number; listening: number }
  /** PGlite only: how its data dir came to be. */
  database?: PgliteOrigin
}

/**
 * Starts Workroom: database (migrated), HTTP API under /api, socket.io at /socket.io, the SPA,
 * email previews and OpenAPI docs, all on one port.
 */
export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const started = performance.now()
  const since = () => Math.round(performance.now() - started)
  const ms: Partial<StartUp['ms']> = {}
  const config = await resolveConfig(opts)
  ms.config = since()
  // The database opens (PGlite compiles its wasm) while the HTTP stack loads: a faster cold start.
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    pgliteTemplates: config.pgliteTemplates,
    onQuery: config.onQuery,
  })
  const loading = import('./build')
  void opening.then(
    () => (ms.database = since()),
    () => undefined,
  )
  void loading.then(
    () => (ms.modules = since()),
    () => undefined,
  )
  const [database, build] = await Promise.all([opening, loading]).catch(async (err) => {
    await opening.then((d) => d.close()).catch(() => undefined)
    throw err
  })
  let app: FastifyInstance | undefined
  try {
    app = build.createFastify(config)
    const { ctx, services, jobs } = await build.buildApp(app, config, database)
    ms.routes = since()
    await app.listen({ port: config.port, host: config.host })
    ms.listening = since()
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
      services,
      jobs,
      startUp: { ms: ms as StartUp['ms'], database: database.origin },
      close: () => running.close(),
    }
  } catch (err) {
    if (app) await app.close().catch(() => undefined)
    await database.close().catch(() => undefined)
    throw err
  }
}
