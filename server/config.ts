import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import type { LookupFunction } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type SigningKeys, signingKeys } from './auth/keys'
import { DEFAULT_SUPPORT_API_KEY } from '../contract/pages'
import type { Sfu } from './sfu/sfu'
import { DEFAULT_JOB_QUEUE_SETTINGS, type JobQueueSettings } from './jobs/queue-settings'

// calls
/**
 * An ICE server as ICE_SERVERS gives it: RTCIceServer's `urls`, `username` and `credential`, or, for
 * a TURN server sharing a secret with the server (coturn's `use-auth-secret` + `static-auth-secret`),
 * `secret`: each user then gets time-limited credentials derived from it (coturn's REST API).
 */
export interface IceServerSetting {
  urls: string | string[]
  username?: string
  credential?: string
  secret?: string
}

/** Runs `run` after `ms` on the server's clock; answers how to cancel it. */
export type SetTimer = (run: () => void, ms: number) => () => void

/** setTimeout, not keeping the process alive for it. */
export const realTimer: SetTimer = (run, ms) => {
  const timer = setTimeout(run, ms)
  timer.unref()
  return () => clearTimeout(timer)
}

/** How long derived TURN credentials stay valid (seconds), unless ICE_CREDENTIAL_TTL_SECONDS says otherwise. */
export const DEFAULT_ICE_CREDENTIAL_TTL_SECONDS = 24 * 60 * 60

export interface RateLimitRule {
  /** Requests allowed per window and key. */
  max: number
  windowMs: number
  /** When the shared counter store (Redis) fails: refuse the request (503) instead of letting it through. */
  failClosed?: boolean
  /** A caller over the limit who keeps trying stays blocked: each further attempt starts the window again. */
  backoff?: boolean
}

/** One rule per name of contract RateLimitName. */
export interface RateLimits {
  /** auth/login, keyed by ip + email. */
  login: RateLimitRule
  /** auth/login, keyed by ip alone: one address trying many emails (password spraying). */
  loginIp: RateLimitRule
  /** auth/register, keyed by ip. */
  register: RateLimitRule
  /** verify-email, resend-code, forgot-password and reset-password together, keyed by ip + email. */
  otp: RateLimitRule
  /** Every signed-in call together, keyed by user. */
  user: RateLimitRule
  /** message/send and message/forward together, keyed by user. */
  send: RateLimitRule
  /** topic/chat-friend (1:1 chats) and channel/add-topic (groups) together, keyed by user. */
  newChat: RateLimitRule
  /** channel/create, keyed by user. */
  channelCreate: RateLimitRule
  /** channel/join, keyed by user + channel: password guesses. */
  channelJoin: RateLimitRule
  /** channel/join, keyed by ip: guesses from many accounts. */
  channelJoinIp: RateLimitRule
  /** channel/member (removing someone) and channel/leave together, keyed by user. */
  channelMembers: RateLimitRule
  /** channel/suggest-description (a paid AI call when AI_BASE_URL is set), keyed by user. */
  suggest: RateLimitRule
  /** Socket connects, keyed by user. */
  socketConnect: RateLimitRule
  /** Friend requests, answers, unfriend, block and unblock, keyed by user. */
  relate: RateLimitRule
  /** attention/unsubscribe (a signed link from an email, no login), keyed by ip. */
  unsubscribe: RateLimitRule
  /** customer/update-fcm-token (a device's push subscription), keyed by user. */
  pushSubscription: RateLimitRule
  /** call/topic and call/customer (ringing people), keyed by user. */
  callStart: RateLimitRule
  /** call-open/create, keyed by ip (guests too). */
  meetingCreate: RateLimitRule
  /** call-open/join and call-open/detail, keyed by ip: code and password guesses. */
  meetingJoin: RateLimitRule
  /** calendar/feed/:token (calendar apps poll it; the token is the secret), keyed by ip: token guesses. */
  feed: RateLimitRule
  /** booking/public, booking/slots and booking/challenge (public pages), keyed by ip. */
  bookingIp: RateLimitRule
  /** booking/request and booking/cancel-guest (guests), keyed by ip. */
  bookingRequest: RateLimitRule
}

/** The auth rules fail closed: a Redis outage must not switch off the brute-force limits. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowMs: 60_000, failClosed: true },
  loginIp: { max: 30, windowMs: 10 * 60_000, failClosed: true },
  register: { max: 20, windowMs: 10 * 60_000, failClosed: true },
  otp: { max: 10, windowMs: 10 * 60_000, failClosed: true },
  user: { max: 600, windowMs: 60_000 },
  send: { max: 120, windowMs: 60_000 },
  newChat: { max: 30, windowMs: 60_000 },
  channelCreate: { max: 10, windowMs: 10 * 60_000 },
  channelJoin: { max: 5, windowMs: 10 * 60_000, backoff: true },
  channelJoinIp: { max: 60, windowMs: 10 * 60_000 },
  channelMembers: { max: 120, windowMs: 10 * 60_000 },
  suggest: { max: 10, windowMs: 60_000 },
  socketConnect: { max: 60, windowMs: 60_000 },
  relate: { max: 60, windowMs: 10 * 60_000 },
  unsubscribe: { max: 30, windowMs: 10 * 60_000 },
  pushSubscription: { max: 10, windowMs: 60 * 60_000 },
  callStart: { max: 30, windowMs: 10 * 60_000 },
  meetingCreate: { max: 20, windowMs: 10 * 60_000 },
  meetingJoin: { max: 30, windowMs: 10 * 60_000, backoff: true },
  feed: { max: 60, windowMs: 10 * 60_000 },
  bookingIp: { max: 300, windowMs: 10 * 60_000 },
  bookingRequest: { max: 10, windowMs: 10 * 60_000 },
}

/** The rules' names (RATE_LIMIT_<NAME> in the environment). */
export const RATE_LIMIT_NAMES = Object.keys(DEFAULT_RATE_LIMITS) as (keyof RateLimits)[]

/** Per-account budgets of the emailed codes, kept in the database (every node sees the same counts). */
export interface AccountLimits {
  /** Emails with a code (and sign-up notices) one account may get per hour. */
  codesPerHour: number
  /** Wrong code checks per account per day before code checks lock. */
  failedChecksPerDay: number
  /** The first lock; each further lock doubles it, up to a day. */
  lockMinutes: number
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = { codesPerHour: 5, failedChecksPerDay: 20, lockMinutes: 60 }

/**
 * Which X-Forwarded-For hops to believe: false (none), the number of proxies in front, or their
 * addresses/CIDRs. Never `true`, which would believe whatever a client writes.
 */
export type TrustProxy = false | number | string[]

/** How long logins last. */
export interface SessionSettings {
  /** Lifetime of an access token (seconds). Default 15 minutes. */
  accessTokenTtlSeconds: number
  /** Absolute lifetime of a session from its login (ms), however often it is refreshed. Default 30 days. */
  maxAgeMs: number
  /** How long the refresh token just rotated may be presented again (a retry after a lost answer). Default 30 s. */
  refreshGraceMs: number
}

/**
 * The push services a subscription's endpoint may name (https on port 443 only): a name, or
 * `*.name` for any host under it. Chrome and the Chromium browsers (Edge on Android, Opera,
 * Samsung Internet) use FCM, Edge on Windows WNS (wns2-*.notify.windows.com), Firefox autopush,
 * Safari Apple's push service (web.push.apple.com).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', '*.notify.windows.com', '*.push.services.mozilla.com', '*.push.apple.com']

/** How many pushes are sent at once: in all, and to one user's devices. */
export const DEFAULT_PUSH_CONCURRENCY = { concurrency: 32, perUserConcurrency: 4 }

export const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  accessTokenTtlSeconds: 15 * 60,
  maxAgeMs: 30 * 24 * 60 * 60 * 1000,
  refreshGraceMs: 30_000,
}

/** An S3-compatible bucket for media (S3_*). */
export interface S3Settings {
  bucket: string
  /** Default us-east-1 (what MinIO and most S3-compatible servers accept). */
  region: string
  /** Another S3-compatible service than AWS (MinIO, R2, ...): its URL. */
  endpoint?: string
  /** Both, or neither: then the AWS SDK's default credential chain (AWS_* variables, an instance role). */
  accessKeyId?: string
  secretAccessKey?: string
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (MinIO and most self-hosted servers need it). */
  forcePathStyle: boolean
  /** media/access answers with a redirect to a short-lived presigned URL of the bucket instead of streaming the file. */
  presignedReads: boolean
}

export interface ServerOptions {
  /** 0 picks a free port. Default 3000. */
  port?: number
  host?: string
  /** Holds the embedded database (pglite/), media/ and the generated secret. Default ./data. */
  dataDir?: string
  /** Uploaded media (files/, avatars/) and upload temp files (tmp/); a directory every node mounts when several share the work. Default <dataDir>/media. */
  mediaDir?: string
  /** Media in an S3-compatible bucket instead of mediaDir (upload temp files stay in <mediaDir>/tmp); used when `bucket` is set. */
  s3?: Partial<S3Settings>
  /** PostgreSQL instead of the embedded PGlite. */
  databaseUrl?: string
  /** Where PGlite keeps its files; default <dataDir>/pglite. 'memory://' keeps it in memory. */
  pgliteDir?: string
  /** Where `npm run build` leaves a migrated PGlite data dir, which a new pgliteDir starts as a copy of. Default <repo>/build. */
  pgliteTemplates?: string
  /** socket.io Redis adapter (and shared rate-limit counters) for several nodes. */
  redisUrl?: string
  /** The Redis channel prefix one deployment's nodes share; deployments on one Redis each set their own. Default 'socket.io'. */
  redisChannel?: string
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
  /** Behind reverse proxies: rate limits then key on the client's address from X-Forwarded-For. */
  trustProxy?: TrustProxy
  /** Mark the refresh cookie Secure (HTTPS only). Default: in production and when publicUrl is https://. */
  secureCookies?: boolean
  sessions?: Partial<SessionSettings>
  /** The server's clock in epoch ms (tests move it); Date.now by default. */
  now?: () => number
  /** An OpenAI-compatible endpoint for channel descriptions (…/chat/completions); the offline writer otherwise. */
  ai?: { baseUrl?: string; apiKey?: string; model?: string }
  /** Overrides every plan's storage quota (bytes), e.g. for tests. */
  storageQuotaBytes?: number
  /** A mention or 1:1 message still unseen this many minutes later is emailed (MISSED_EMAIL_MINUTES, default 10; 0 turns the email off). */
  missedEmailMinutes?: number
  /** pages: the support desk: the key its chats are opened with (SUPPORT_API_KEY) and the account that answers them (SUPPORT_OPERATOR_EMAIL). */
  support?: { apiKey?: string; operatorEmail?: string }
  /** Called with every SQL statement the server runs (tests count queries per request). */
  onQuery?: (sql: string) => void
  /** Group calls' SFU through Janus: its HTTP API (JANUS_URL, e.g. http://127.0.0.1:8088/janus) and its api_secret (JANUS_API_SECRET); no url: the embedded SFU (server/sfu/create.ts). */
  janus?: { url?: string; apiSecret?: string }
  /** NODE_ENV=production: no /api/docs, no /email-preview, mail logs carry outbox ids only. */
  production?: boolean
  accountLimits?: Partial<AccountLimits>
  // notifications (browser push)
  /** VAPID keys (base64url) and subject (mailto: or https:); without them a key pair is made once and kept in the database. */
  vapid?: { publicKey?: string; privateKey?: string; subject?: string }
  /** Push endpoints' allowed hosts (PUSH_SERVICE_HOSTS; default DEFAULT_PUSH_SERVICE_HOSTS) and how many pushes go at once. */
  push?: { serviceHosts?: string[]; concurrency?: number; perUserConcurrency?: number }
  /**
   * For tests only: optionsFromEnv never sets it, so no environment can turn it on, and it is
   * refused together with `production`. `loopbackPush`: a push endpoint may be plain http to this
   * machine (localhost, 127.0.0.1, [::1]) and outgoing requests may reach loopback addresses: the
   * local push-service stubs of tests/server and tests/e2e. `lookup`: the DNS lookup outgoing
   * requests use (a test makes a name resolve to a chosen address). `allowAddresses`: single
   * addresses outgoing requests may reach besides (a link preview test's site on 127.0.0.2 stands
   * for a public one while 127.0.0.1 stays refused).
   */
  testOnly?: { loopbackPush?: boolean; lookup?: LookupFunction; allowAddresses?: string[] }
  // calls
  /** ICE servers of the call rooms (ICE_SERVERS, a JSON array); default none: loopback needs none. */
  iceServers?: IceServerSetting[]
  /** Lifetime of TURN credentials derived from a secret, seconds (ICE_CREDENTIAL_TTL_SECONDS; default a day). */
  iceCredentialTtlSeconds?: number
  /** The selective forwarding unit of group calls and meetings (server/sfu/sfu.ts); none given: Janus when JANUS_URL is set, else the embedded one (server/sfu/create.ts). Tests give a recording one. */
  sfu?: Sfu
  /** The timer of the calls' 60 s ring on the clock `now` (tests that move `now` fire it themselves); default setTimeout. */
  setTimer?: SetTimer
  /** The durable job queue (server/jobs/queue.ts): poll interval, lease, tries, backoff (defaults: DEFAULT_JOB_QUEUE_SETTINGS). */
  jobQueue?: Partial<JobQueueSettings>
  /** Link previews' fetches (defaults: DEFAULT_LINK_PREVIEW_LIMITS); tests shorten the time limit. */
  linkPreviews?: Partial<LinkPreviewLimits>
  rateLimits?: { [K in keyof RateLimits]?: Partial<RateLimitRule> } & {
    /** Prefix of the shared Redis counters; lets test runs start from zero. */
    namespace?: string
  }
}

export interface Config {
  port: number
  host: string
  dataDir: string
  /** Media files when there is no S3 bucket, and upload temp files (tmp/) in any case. */
  mediaDir: string
  /** Set: media live in this bucket. */
  s3?: S3Settings
  pgliteDir: string
  pgliteTemplates: string
  databaseUrl?: string
  redisUrl?: string
  redisChannel: string
  smtpUrl?: string
  mailFrom: string
  publicUrl?: string
  /** The keys derived from JWT_SECRET, one per use. */
  keys: SigningKeys
  distDir: string
  logger: boolean
  logLevel: string
  trustProxy: TrustProxy
  production: boolean
  /** Emails readable at /email-preview/<id> and logged with their link: only without SMTP, outside production. */
  emailPreview: boolean
  accountLimits: AccountLimits
  secureCookies: boolean
  sessions: SessionSettings
  now: () => number
  rateLimits: RateLimits
  rateLimitNamespace: string
  ai: { baseUrl?: string; apiKey?: string; model: string }
  storageQuotaBytes?: number
  /** 0: no missed-message emails. */
  missedEmailMinutes: number
  /** pages: the support desk (see ServerOptions.support). */
  support: { apiKey: string; operatorEmail?: string }
  onQuery?: (sql: string) => void
  /** Group calls' SFU: Janus at `url` when set, the embedded one otherwise (server/sfu/create.ts). */
  janus: { url?: string; apiSecret?: string }
  // notifications (browser push)
  vapid: { publicKey?: string; privateKey?: string; subject: string }
  /** serviceHosts: see DEFAULT_PUSH_SERVICE_HOSTS; loopbackHttp: ServerOptions.testOnly.loopbackPush. */
  push: { serviceHosts: string[]; concurrency: number; perUserConcurrency: number; loopbackHttp: boolean }
  /** Outgoing requests to user-given URLs (server/net/safe-fetch.ts); all three only from ServerOptions.testOnly. */
  outbound: { allowLoopback: boolean; lookup?: LookupFunction; allowAddresses: string[] }
  // calls
  calls: { iceServers: IceServerSetting[]; iceCredentialTtlSeconds: number }
  sfu?: Sfu
  setTimer: SetTimer
  jobQueue: JobQueueSettings
  linkPreviews: LinkPreviewLimits
}

/** What a link preview may cost (server/modules/message/link-previews.ts). */
export interface LinkPreviewLimits {
  /** For a page or an image, redirects included. */
  timeoutMs: number
  /** Of a page's HTML read (the rest is not downloaded; the head comes first). */
  pageBytes: number
  /** An image bigger than this is not kept. */
  imageBytes: number
  /** Redirects followed, each destination checked again. */
  redirects: number
  /** How long a page's preview is reused for the same URL, and a page without one. */
  ttlMs: number
  missTtlMs: number
}

export const DEFAULT_LINK_PREVIEW_LIMITS: LinkPreviewLimits = {
  timeoutMs: 5_000,
  pageBytes: 1024 * 1024,
  imageBytes: 5 * 1024 * 1024,
  redirects: 3,
  ttlMs: 24 * 60 * 60_000,
  missTtlMs: 60 * 60_000,
}

/** The folder of package.json above this file: the repository from server/config.ts as from the built build/server/*.js. */
export const REPO_ROOT = packageRoot(path.dirname(fileURLToPath(import.meta.url)))

function packageRoot(dir: string): string {
  if (existsSync(path.join(dir, 'package.json'))) return dir
  const parent = path.dirname(dir)
  if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`)
  return packageRoot(parent)
}

export async function resolveConfig(opts: ServerOptions): Promise<Config> {
  const dataDir = path.resolve(opts.dataDir ?? 'data')
  const rl = opts.rateLimits ?? {}
  const rule = (k: keyof RateLimits): RateLimitRule => ({ ...DEFAULT_RATE_LIMITS[k], ...definedOnly(rl[k]) })
  const production = opts.production ?? false
  const smtpUrl = opts.smtpUrl || undefined
  const publicUrl = opts.publicUrl?.replace(/\/+$/, '') || undefined
  const loopbackPush = opts.testOnly?.loopbackPush === true
  if (loopbackPush && production) throw new Error('testOnly.loopbackPush is for tests and cannot be used in production')
  if (opts.testOnly?.allowAddresses?.length && production)
    throw new Error('testOnly.allowAddresses is for tests and cannot be used in production')
  return {
    port: opts.port ?? 3000,
    host: opts.host ?? '0.0.0.0',
    dataDir,
    mediaDir: path.resolve(opts.mediaDir || path.join(dataDir, 'media')),
    s3: s3Settings(opts.s3),
    pgliteDir: opts.pgliteDir ?? path.join(dataDir, 'pglite'),
    pgliteTemplates: path.resolve(opts.pgliteTemplates ?? path.join(REPO_ROOT, 'build')),
    databaseUrl: opts.databaseUrl || undefined,
    redisUrl: opts.redisUrl || undefined,
    redisChannel: opts.redisChannel || 'socket.io',
    smtpUrl,
    mailFrom: opts.mailFrom || 'Workroom <no-reply@workroom.local>',
    publicUrl,
    keys: signingKeys(opts.jwtSecret || (await storedSecret(dataDir))),
    distDir: path.resolve(opts.distDir ?? path.join(REPO_ROOT, 'dist')),
    logger: opts.logger ?? false,
    logLevel: opts.logLevel ?? 'info',
    trustProxy: opts.trustProxy ?? false,
    production,
    emailPreview: !smtpUrl && !production,
    accountLimits: { ...DEFAULT_ACCOUNT_LIMITS, ...definedOnly(opts.accountLimits) },
    rateLimits: Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [name, rule(name)])) as Record<keyof RateLimits, RateLimitRule>,
    secureCookies: opts.secureCookies ?? (production || Boolean(publicUrl?.startsWith('https://'))),
    sessions: { ...DEFAULT_SESSION_SETTINGS, ...definedOnly(opts.sessions) },
    now: opts.now ?? Date.now,
    rateLimitNamespace: rl.namespace ?? 'workroom-rl:',
    ai: {
      baseUrl: opts.ai?.baseUrl?.replace(/\/+$/, '') || undefined,
      apiKey: opts.ai?.apiKey || undefined,
      model: opts.ai?.model || 'gpt-4o-mini',
    },
    storageQuotaBytes: opts.storageQuotaBytes,
    missedEmailMinutes: opts.missedEmailMinutes ?? 10,
    support: {
      apiKey: opts.support?.apiKey || DEFAULT_SUPPORT_API_KEY,
      operatorEmail: opts.support?.operatorEmail?.trim().toLowerCase() || undefined,
    },
    onQuery: opts.onQuery,
    janus: {
      url: opts.janus?.url?.trim().replace(/\/+$/, '') || undefined,
      apiSecret: opts.janus?.apiSecret || undefined,
    },
    // notifications (browser push)
    vapid: {
      publicKey: opts.vapid?.publicKey || undefined,
      privateKey: opts.vapid?.privateKey || undefined,
      subject: opts.vapid?.subject || `mailto:no-reply@workroom.local`,
    },
    push: {
      serviceHosts: (opts.push?.serviceHosts ?? DEFAULT_PUSH_SERVICE_HOSTS).map((host) => host.trim().toLowerCase()).filter(Boolean),
      concurrency: opts.push?.concurrency ?? DEFAULT_PUSH_CONCURRENCY.concurrency,
      perUserConcurrency: opts.push?.perUserConcurrency ?? DEFAULT_PUSH_CONCURRENCY.perUserConcurrency,
      loopbackHttp: loopbackPush,
    },
    outbound: { allowLoopback: loopbackPush, lookup: opts.testOnly?.lookup, allowAddresses: opts.testOnly?.allowAddresses ?? [] },
    // calls
    calls: {
      iceServers: opts.iceServers ?? [],
      iceCredentialTtlSeconds: opts.iceCredentialTtlSeconds || DEFAULT_ICE_CREDENTIAL_TTL_SECONDS,
    },
    sfu: opts.sfu,
    setTimer: opts.setTimer ?? realTimer,
    jobQueue: { ...DEFAULT_JOB_QUEUE_SETTINGS, ...definedOnly(opts.jobQueue) },
    linkPreviews: { ...DEFAULT_LINK_PREVIEW_LIMITS, ...definedOnly(opts.linkPreviews) },
  }
}

/** The bucket settings when S3_BUCKET is set; a half-given configuration is refused at start. */
function s3Settings(s3: Partial<S3Settings> | undefined): S3Settings | undefined {
  const given = definedOnly(s3)
  const { bucket, accessKeyId, secretAccessKey } = given
  if (!bucket) {
    const stray = Object.entries(given).filter(([, v]) => v !== '' && v !== false)
    if (stray.length) throw new Error(`S3_BUCKET is not set, but other S3 settings are (${stray.map(([k]) => k).join(', ')})`)
    return undefined
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither')
  return {
    bucket,
    region: given.region || 'us-east-1',
    endpoint: given.endpoint?.replace(/\/+$/, '') || undefined,
    accessKeyId: accessKeyId || undefined,
    secretAccessKey: secretAccessKey || undefined,
    forcePathStyle: given.forcePathStyle ?? false,
    presignedReads: given.presignedReads ?? false,
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
