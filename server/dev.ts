/**
 * `npm run dev`: the API (with socket.io and email previews) on API_PORT (3001) and Vite's dev
 * server with HMR on PORT (3000), which proxies /api, /email-preview and /socket.io to the API.
 */
import { optionsFromEnv, portFromEnv } from './env-options'

const env = process.env
const apiPort = portFromEnv(env.API_PORT, 3001)
const webPort = portFromEnv(env.PORT, 3000)
env.API_PORT = String(apiPort) // read by vite.config.ts for its proxy
env.PORT = String(webPort)

const { startServer } = await import('./app')
// Links in emails point at the Vite server, which proxies /email-preview.
const api = await startServer(optionsFromEnv(env, { port: apiPort, host: '127.0.0.1', publicPort: webPort }))

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
