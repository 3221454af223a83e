import { isIP } from 'node:net'
import { z } from 'zod'
import { type IceServerSetting, RATE_LIMIT_NAMES, type RateLimitRule, type ServerOptions, type TrustProxy } from './config'

/** Server options from the environment (every variable is listed in the README). */
export function optionsFromEnv(env: NodeJS.ProcessEnv, defaults: { port: number; host: string; publicPort?: number }): ServerOptions {
  const int = (name: string): number | undefined => {
    const raw = env[name]
    if (raw === undefined || raw === '') return undefined
    const n = Number(raw)
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`)
    return n
  }
  /** A yes/no setting: 1/true or 0/false; unset is undefined. */
  const flag = (name: string): boolean | undefined => {
    const raw = env[name]?.trim().toLowerCase()
    if (raw === undefined || raw === '') return undefined
    if (raw === '1' || raw === 'true') return true
    if (raw === '0' || raw === 'false') return false
    throw new Error(`${name} must be true or false, got "${env[name]}"`)
  }
  /** RATE_LIMIT_LOGIN=20 (max per window) and RATE_LIMIT_LOGIN_WINDOW_MS=60000, likewise every rule (NEW_CHAT for newChat). */
  const rule = (name: string): Partial<RateLimitRule> => ({ max: int(`RATE_LIMIT_${name}`), windowMs: int(`RATE_LIMIT_${name}_WINDOW_MS`) })

  return {
    port: defaults.port,
    host: env.HOST || defaults.host,
    dataDir: env.DATA_DIR || './data',
    mediaDir: env.MEDIA_DIR || undefined,
    s3: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: flag('S3_FORCE_PATH_STYLE'),
      presignedReads: flag('S3_PRESIGNED_READS'),
    },
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisChannel: env.REDIS_CHANNEL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    jwtSecret: env.JWT_SECRET,
    publicUrl: env.PUBLIC_URL || `http://localhost:${defaults.publicPort ?? defaults.port}`,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    production: env.NODE_ENV === 'production',
    // notifications (browser push)
    vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
    push: { serviceHosts: pushServiceHostsFromEnv(env.PUSH_SERVICE_HOSTS) },
    ai: { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL },
    storageQuotaBytes: int('STORAGE_QUOTA_BYTES'),
    missedEmailMinutes: int('MISSED_EMAIL_MINUTES'),
    support: { apiKey: env.SUPPORT_API_KEY, operatorEmail: env.SUPPORT_OPERATOR_EMAIL },
    // calls
    iceServers: iceServersFromEnv(env.ICE_SERVERS),
    iceCredentialTtlSeconds: int('ICE_CREDENTIAL_TTL_SECONDS'),
    janus: { url: env.JANUS_URL, apiSecret: env.JANUS_API_SECRET },
    logger: true,
    logLevel: env.LOG_LEVEL || 'info',
    // Every rule of DEFAULT_RATE_LIMITS by its name in capitals: newChat -> RATE_LIMIT_NEW_CHAT.
    rateLimits: Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [name, rule(name.replace(/[A-Z]/g, '_$&').toUpperCase())])),
  }
}

/**
 * TRUST_PROXY: how many proxies stand in front of the server (`1` behind one load balancer), or
 * their addresses and networks (`10.0.0.0/8,192.168.1.7`). Unset or `0`: X-Forwarded-For is ignored.
 * `true` is refused: trusting every hop lets any client pick its own address (and rate-limit key).
 */
export function trustProxyFromEnv(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? ''
  if (value === '' || value === '0' || value === 'false') return false
  if (/^\d+$/.test(value)) return Number(value)
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = entries.find((entry) => !isAddressOrNetwork(entry))
  if (bad !== undefined || entries.length === 0) {
    throw new Error(`TRUST_PROXY must be a number of proxies (e.g. 1) or a comma list of proxy addresses/CIDRs, got "${raw}"`)
  }
  return entries
}

function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

/**
 * PUSH_SERVICE_HOSTS: the hosts a push subscription's endpoint may name, comma-separated host
 * names or `*.name` (any host under it), replacing the defaults. Unset: the defaults. Addresses
 * are refused: push services are reached by name.
 */
export function pushServiceHostsFromEnv(raw: string | undefined): string[] | undefined {
  const value = raw?.trim() ?? ''
  if (value === '') return undefined
  const hosts = value.split(',').map((s) => s.trim().toLowerCase())
  const bad = hosts.find((host) => !/^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]([a-z0-9-]*[a-z0-9])?$/.test(host))
  if (bad !== undefined) throw new Error(`PUSH_SERVICE_HOSTS must be comma-separated host names or *.names, got "${bad}"`)
  return hosts
}

/** A whole-number port from the environment, or the default. */
export function portFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`port must be a whole number 0-65535, got "${value}"`)
  return n
}

const iceUrl = z.string().regex(/^(stun|stuns|turn|turns):\S+$/, 'a stun:, stuns:, turn: or turns: URL')
const iceServerSetting = z.strictObject({
  urls: z.union([iceUrl, z.array(iceUrl).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
  secret: z.string().min(1).optional(),
})

/**
 * ICE_SERVERS: a JSON array of RTCIceServer (`urls`, and `username` + `credential` for a TURN
 * server with fixed credentials), where a TURN entry may give `secret` instead (coturn's
 * static-auth-secret): each user then gets credentials that expire. Unset: none.
 */
export function iceServersFromEnv(raw: string | undefined): IceServerSetting[] | undefined {
  const value = raw?.trim() ?? ''
  if (value === '') return undefined
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    throw new Error(`ICE_SERVERS must be a JSON array of ICE servers, got "${raw}"`)
  }
  const parsed = z.array(iceServerSetting).safeParse(json)
  if (!parsed.success) throw new Error(`ICE_SERVERS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  return parsed.data
}
