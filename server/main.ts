import { startServer } from './app'
import { optionsFromEnv, portFromEnv } from './env-options'

/** `npm start` / `npm run serve`: every setting comes from the environment (see README). */
const options = optionsFromEnv(process.env, { port: portFromEnv(process.env.PORT, 3000), host: '0.0.0.0' })

// A promise nobody awaited failed (a backend hiccup that escaped its handler): log it and keep
// serving; Node would otherwise end the process and every connection on it.
let log: ((reason: unknown) => void) | undefined
process.on('unhandledRejection', (reason) => (log ? log(reason) : console.error('unhandled rejection', reason)))

const server = await startServer(options)
log = (reason) => server.app.log.error({ err: reason }, 'unhandled rejection')
server.app.log.info(
  {
    url: server.url,
    public_url: options.publicUrl,
    db: server.ctx.dbKind,
    realtime: server.ctx.realtime.kind,
    start_up: server.startUp,
    uptime_ms: Math.round(performance.now()),
  },
  'Workroom is running',
)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1)
    stopping = true
    server.close().then(
      () => process.exit(0),
      (err) => {
        server.app.log.error({ err }, 'shutdown failed')
        process.exit(1)
      },
    )
  })
}
