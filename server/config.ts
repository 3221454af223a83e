import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface RateLimitRule {
  /** Requests allowed per window and key. */
  max: number
  windowMs: number
}

export interface RateLimits {
  /** auth/login, keyed by ip + email. */
  login: RateLimitRule
  /** auth/register, keyed by ip. */
  register: RateLimitRule
  /** verify-email, resend-code, forgot-password and reset-password together, keyed by ip + email. */
  otp: RateLimitRule
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 20, windowMs: 10 * 60_000 },
  otp: { max: 10, windowMs: 10 * 60_000 },
}

export interface ServerOptions {
  /** 0 picks a free port. Default 3000. */
  port?: number
  host?: string
  /** Holds the embedded database (pglite/), media/ and the generated secret. Default ./data. */
  dataDir?: string
  /** PostgreSQL instead of the embedded PGlite. */
  databaseUrl?: string
  /** Where PGlite keeps its files; default <dataDir>/pglite. 'memory://' keeps it in memory. */
  pgliteDir?: string
  /** socket.io Redis adapter (and shared rate-limit counters) for several nodes. */
  redisUrl?: string
  smtpUrl?: string
  mailFrom?: string
  /** Base of links in emails. Default http://localhost:<port>. */
  publicUrl?: string
  /** HS256 key for access tokens. Default: generated once and kept in <dataDir>/secret. */
  jwtSecret?: string
  /** The built SPA. Default <repo>/dist. */
  distDir?: string
  logger?: boolean
  logLevel?: string
  /** Trust X-Forwarded-For (behind a reverse proxy): rate limits then key on the client's address. */
  trustProxy?: boolean
  /** NODE_ENV=production: served over https (HSTS) even when publicUrl does not say so. */
  production?: boolean
  /** An OpenAI-compatible endpoint for channel descriptions (…/chat/completions); the offline writer otherwise. */
  ai?: { baseUrl?: string; apiKey?: string; model?: string }
  /** Overrides every plan's storage quota (bytes), e.g. for tests. */
  storageQuotaBytes?: number
  /** Called with every SQL statement the server runs (tests count queries per request). */
  onQuery?: (sql: string) => void
  rateLimits?: { [K in keyof RateLimits]?: Partial<RateLimitRule> } & {
    /** Prefix of the shared Redis counters; lets test runs start from zero. */
    namespace?: string
  }
}

export interface Config {
  port: number
  host: string
  dataDir: string
  mediaDir: string
  pgliteDir: string
  databaseUrl?: string
  redisUrl?: string
  smtpUrl?: string
  mailFrom: string
  publicUrl?: string
  jwtSecret: Uint8Array
  distDir: string
  logger: boolean
  logLevel: string
  trustProxy: boolean
  production: boolean
  rateLimits: RateLimits
  rateLimitNamespace: string
  ai: { baseUrl?: string; apiKey?: string; model: string }
  storageQuotaBytes?: number
  onQuery?: (sql: string) => void
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export async function resolveConfig(opts: ServerOptions): Promise<Config> {
  const dataDir = path.resolve(opts.dataDir ?? 'data')
  const rl = opts.rateLimits ?? {}
  const rule = (k: keyof RateLimits): RateLimitRule => ({ ...DEFAULT_RATE_LIMITS[k], ...definedOnly(rl[k]) })
  return {
    port: opts.port ?? 3000,
    host: opts.host ?? '0.0.0.0',
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    pgliteDir: opts.pgliteDir ?? path.join(dataDir, 'pglite'),
    databaseUrl: opts.databaseUrl || undefined,
    redisUrl: opts.redisUrl || undefined,
    smtpUrl: opts.smtpUrl || undefined,
    mailFrom: opts.mailFrom || 'Workroom <no-reply@workroom.local>',
    publicUrl: opts.publicUrl?.replace(/\/+$/, '') || undefined,
    jwtSecret: new TextEncoder().encode(opts.jwtSecret || (await storedSecret(dataDir))),
    distDir: path.resolve(opts.distDir ?? path.join(REPO_ROOT, 'dist')),
    logger: opts.logger ?? false,
    logLevel: opts.logLevel ?? 'info',
    trustProxy: opts.trustProxy ?? false,
    production: opts.production ?? false,
    rateLimits: { login: rule('login'), register: rule('register'), otp: rule('otp') },
    rateLimitNamespace: rl.namespace ?? 'workroom-rl:',
    ai: { baseUrl: opts.ai?.baseUrl?.replace(/\/+$/, '') || undefined, apiKey: opts.ai?.apiKey || undefined, model: opts.ai?.model || 'gpt-4o-mini' },
    storageQuotaBytes: opts.storageQuotaBytes,
    onQuery: opts.onQuery,
  }
}

function definedOnly<T extends object>(o: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** The signing secret survives restarts: made once, kept in <dataDir>/secret (mode 600). */
async function storedSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secret')
  try {
    const existing = (await readFile(file, 'utf8')).trim()
    if (existing.length >= 32) return existing
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  await mkdir(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  try {
    await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' })
    return secret
  } catch (err) {
    // Another process made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim()
    throw err
  }
}
