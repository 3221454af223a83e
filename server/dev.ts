/**
 * `npm run dev`: the API (with socket.io and email previews) on API_PORT (3001) and Vite's dev
 * server with HMR on PORT (3000), which proxies /api, /email-preview and /socket.io to the API.
 */
const env = process.env
const apiPort = Number(env.API_PORT || 3001)
const webPort = Number(env.PORT || 3000)
env.API_PORT = String(apiPort) // read by vite.config.ts for its proxy
env.PORT = String(webPort)

const { startServer } = await import('./app')
const api = await startServer({
  port: apiPort,
  host: env.HOST || '127.0.0.1',
  dataDir: env.DATA_DIR || './data',
  databaseUrl: env.DATABASE_URL,
  redisUrl: env.REDIS_URL,
  smtpUrl: env.SMTP_URL,
  mailFrom: env.MAIL_FROM,
  jwtSecret: env.JWT_SECRET,
  // Links in emails point at the Vite server, which proxies /email-preview.
  publicUrl: env.PUBLIC_URL || `http://localhost:${webPort}`,
  logger: true,
  logLevel: env.LOG_LEVEL || 'info',
})

const { createServer } = await import('vite')
const vite = await createServer({ server: { port: webPort, strictPort: true } })
await vite.listen()
vite.printUrls()
api.app.log.info({ api: api.url, web: `http://localhost:${webPort}` }, 'dev servers are running')

const stopAll = async () => {
  await Promise.allSettled([vite.close(), api.close()])
  process.exit(0)
}
process.on('SIGINT', stopAll)
process.on('SIGTERM', stopAll)

export {}
