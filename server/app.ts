import type { FastifyInstance } from 'fastify'
import { resolveConfig, type ServerOptions } from './config'
import type { AppContext } from './context'
import { openDatabase } from './db/client'
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
  close(): Promise<void>
}

/**
 * Starts Workroom: database (migrated), HTTP API under /api, socket.io at /socket.io, the SPA,
 * email previews and OpenAPI docs, all on one port.
 */
export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const config = await resolveConfig(opts)
  // The database opens (PGlite compiles its wasm) while the HTTP stack loads: a faster cold start.
  const opening = openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, onQuery: config.onQuery })
  const [database, build] = await Promise.all([opening, import('./build')]).catch(async (err) => {
    await opening.then((d) => d.close()).catch(() => undefined)
    throw err
  })
  let app: FastifyInstance | undefined
  try {
    app = build.createFastify(config)
    const { ctx, services, jobs } = await build.buildApp(app, config, database)
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
      services,
      jobs,
      close: () => running.close(),
    }
  } catch (err) {
    if (app) await app.close().catch(() => undefined)
    await database.close().catch(() => undefined)
    throw err
  }
}
