import type { RateLimitRule, RateLimits, ServerOptions } from './config'

/** Server options from the environment (every variable is listed in the README). */
export function optionsFromEnv(env: NodeJS.ProcessEnv, defaults: { port: number; host: string; publicPort?: number }): ServerOptions {
  const int = (name: string): number | undefined => {
    const raw = env[name]
    if (raw === undefined || raw === '') return undefined
    const n = Number(raw)
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`)
    return n
  }
  /** RATE_LIMIT_LOGIN=20 (max per window) and RATE_LIMIT_LOGIN_WINDOW_MS=60000, likewise REGISTER and OTP. */
  const rule = (name: string): Partial<RateLimitRule> => ({ max: int(`RATE_LIMIT_${name}`), windowMs: int(`RATE_LIMIT_${name}_WINDOW_MS`) })

  return {
    port: defaults.port,
    host: env.HOST || defaults.host,
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    jwtSecret: env.JWT_SECRET,
    publicUrl: env.PUBLIC_URL || `http://localhost:${defaults.publicPort ?? defaults.port}`,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    production: env.NODE_ENV === 'production',
    ai: { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL },
    storageQuotaBytes: int('STORAGE_QUOTA_BYTES'),
    logger: true,
    logLevel: env.LOG_LEVEL || 'info',
    rateLimits: {
      login: rule('LOGIN'),
      register: rule('REGISTER'),
      otp: rule('OTP'),
    } satisfies { [K in keyof RateLimits]: Partial<RateLimitRule> },
  }
}

/** A whole-number port from the environment, or the default. */
export function portFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`port must be a whole number 0-65535, got "${value}"`)
  return n
}
