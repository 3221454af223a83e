import { and, desc, eq, gte, notInArray, sql } from 'drizzle-orm'
import webpush from 'web-push'
import { parsePushSubscription, type PushPayload, type PushSubscriptionJson } from '../../../contract'
import type { AppContext } from '../../context'
import { pushKeys, pushSubscriptions } from '../../db/schema'
import { createPushQueue } from './push-queue'

/** How long a push service keeps an undelivered push (s), and how long we wait for it to answer (ms). */
const PUSH_TTL_S = 24 * 60 * 60
const PUSH_TIMEOUT_MS = 10_000
/** Devices kept per user: saving one more forgets the one saved longest ago. */
const MAX_SUBSCRIPTIONS_PER_USER = 10
/** Failed sends in a row (an error answer, no answer, a refused address) after which a subscription is forgotten. */
const MAX_PUSH_FAILURES = 3
/** Pushes waiting or in flight, per user and in all, beyond which a push is dropped. */
const MAX_QUEUED_PER_USER = 100
const MAX_QUEUED = 5_000
/** The first key of the per-user advisory lock under which a subscription is saved (any constant, the same on every node). */
const SUBSCRIPTIONS_LOCK = 727_274_203

/** A host name allowed by a pattern: the name itself, or `*.name` for any host under it. */
const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern

/** This machine by name or loopback address (only with the test option). */
const isLoopbackName = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]'

/**
 * A real push service: https on the default port to a host of the allow-list (config.push.serviceHosts),
 * no credentials in the URL. Plain http to this machine only with the test option (a local stub).
 * What the name resolves to is checked again when sending (server/net/safe-fetch.ts).
 */
function endpointAllowed(endpoint: string, rules: { serviceHosts: string[]; loopbackHttp: boolean }): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (url.protocol === 'https:') return url.port === '' && rules.serviceHosts.some((pattern) => hostMatches(url.hostname, pattern))
  return url.protocol === 'http:' && rules.loopbackHttp && isLoopbackName(url.hostname)
}

export type PushOutcome = { sent: number; gone: number; failed: number; dropped: number }
type Sent = 'sent' | 'gone' | 'failed' | 'dropped'

/**
 * Web Push: the server's VAPID keys (VAPID_* env, else made once and kept in `push_keys`), each
 * device's subscription (`push_subscriptions`, one per endpoint, at most 10 per user), and sending:
 * the web-push library encrypts the payload (aes128gcm) and signs the VAPID header, and the request
 * goes out through the SSRF-safe fetcher (ctx.outbound), in a bounded queue. A subscription the push
 * service answers 404 or 410 for is forgotten, and so is one that failed 3 times in a row.
 */
export function createPushService(ctx: AppContext) {
  const { db, config } = ctx
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null
  const queue = createPushQueue({ ...config.push, maxQueued: MAX_QUEUED, maxQueuedPerUser: MAX_QUEUED_PER_USER })
  /** Aborts the pushes in flight when the server closes. */
  const closing = new AbortController()

  async function loadKeys() {
    if (config.vapid.publicKey && config.vapid.privateKey) return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey }
    const made = webpush.generateVAPIDKeys()
    // Several nodes may start at once: the first pair stored wins, everyone reads it back.
    await db.insert(pushKeys).values({ id: 'vapid', publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing()
    const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 'vapid')).limit(1)
    if (!row) throw new Error('VAPID keys were not stored')
    return { publicKey: row.publicKey, privateKey: row.privateKey }
  }

  /** The key pair, loaded (or made) once. */
  function vapidKeys() {
    keys ??= loadKeys().catch((err: unknown) => {
      keys = null
      throw err
    })
    return keys
  }

  /** One more failure in a row; the third forgets the subscription. */
  async function failed(row: typeof pushSubscriptions.$inferSelect): Promise<'failed'> {
    const [counted] = await db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, row.id))
      .returning({ failures: pushSubscriptions.failures })
    if (counted && counted.failures >= MAX_PUSH_FAILURES) {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, row.id), gte(pushSubscriptions.failures, MAX_PUSH_FAILURES)))
    }
    return 'failed'
  }

  async function sendOne(row: typeof pushSubscriptions.$inferSelect, payload: PushPayload): Promise<Sent> {
    if (closing.signal.aborted) return 'dropped'
    const { publicKey, privateKey } = await vapidKeys()
    const details = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: config.vapid.subject, publicKey, privateKey },
        TTL: PUSH_TTL_S,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    )
    let status: number
    try {
      const res = await ctx.outbound.fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string | number>,
        body: details.body ?? undefined,
        timeoutMs: PUSH_TIMEOUT_MS,
        // A push service answers; it does not send us on elsewhere.
        maxRedirects: 0,
        maxBodyBytes: 0,
        signal: closing.signal,
      })
      status = res.status
    } catch {
      if (closing.signal.aborted) return 'dropped'
      return failed(row)
    }
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id))
      return 'gone'
    }
    if (status < 200 || status > 299) return failed(row)
    if (row.failures > 0) await db.update(pushSubscriptions).set({ failures: 0 }).where(eq(pushSubscriptions.id, row.id))
    return 'sent'
  }

  return {
    async publicKey(): Promise<string> {
      return (await vapidKeys()).publicKey
    },

    /**
     * Keeps this device's subscription for the user (a device that changes hands moves to the new
     * user), and at most MAX_SUBSCRIPTIONS_PER_USER of the user's: the ones saved longest ago go,
     * in the same transaction, under a per-user lock (parallel saves cannot keep more).
     */
    async save(userId: string, subscription: PushSubscriptionJson): Promise<boolean> {
      if (!endpointAllowed(subscription.endpoint, config.push)) return false
      const values = { userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SUBSCRIPTIONS_LOCK}, hashtext(${userId}))`)
        await tx
          .insert(pushSubscriptions)
          .values(values)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: values.p256dh, auth: values.auth, savedAt: sql`now()`, failures: 0 },
          })
        const kept = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.savedAt), desc(pushSubscriptions.id))
          .limit(MAX_SUBSCRIPTIONS_PER_USER)
        await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)))
      })
      return true
    },

    /** Forgets the user's subscription in `token` (logout sends it); a token that is not one changes nothing. */
    async forget(userId: string, token: string): Promise<void> {
      const subscription = parsePushSubscription(token)
      const endpoint = subscription?.endpoint ?? token
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    },

    async subscriptionsOf(userId: string) {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
    },

    /** Sends the payload to every device of the user, through the bounded queue. */
    async send(userId: string, payload: PushPayload): Promise<PushOutcome> {
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
      const outcomes = await Promise.all(rows.map((row) => queue.run(userId, () => sendOne(row, payload))))
      const count = (outcome: Sent) => outcomes.filter((o) => o === outcome).length
      return { sent: count('sent'), gone: count('gone'), failed: count('failed'), dropped: count('dropped') }
    },

    /** The server is closing: pushes waiting are dropped and those in flight are cut off. */
    close(): void {
      closing.abort()
    },
  }
}

export type PushService = ReturnType<typeof createPushService>
