import type { RateLimitRule, RateLimits, ServerOptions } from './config'
import { startServer } from './app'

/** `npm start` / `npm run serve`: every setting comes from the environment (see README). */
const env = process.env

const int = (name: string): number | undefined => {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`)
  return n
}

/** RATE_LIMIT_LOGIN=20 (max per window) and RATE_LIMIT_LOGIN_WINDOW_MS=60000, likewise REGISTER and OTP. */
const rule = (name: string): Partial<RateLimitRule> => ({ max: int(`RATE_LIMIT_${name}`), windowMs: int(`RATE_LIMIT_${name}_WINDOW_MS`) })

const port = int('PORT') ?? 3000
const options: ServerOptions = {
  port,
  host: env.HOST || '0.0.0.0',
  dataDir: env.DATA_DIR || './data',
  databaseUrl: env.DATABASE_URL,
  redisUrl: env.REDIS_URL,
  smtpUrl: env.SMTP_URL,
  mailFrom: env.MAIL_FROM,
  jwtSecret: env.JWT_SECRET,
  publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
  trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  logger: true,
  logLevel: env.LOG_LEVEL || 'info',
  rateLimits: {
    login: rule('LOGIN'),
    register: rule('REGISTER'),
    otp: rule('OTP'),
  } satisfies { [K in keyof RateLimits]: Partial<RateLimitRule> },
}

const server = await startServer(options)
server.app.log.info({ url: server.url, public_url: options.publicUrl, db: server.ctx.dbKind, realtime: server.ctx.realtime.kind }, 'Workroom is running')

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
