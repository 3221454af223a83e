import { isIP } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { parsePushSubscription, type PushPayload, type PushSubscriptionJson } from '../../../contract'
import type { AppContext } from '../../context'
import { pushKeys, pushSubscriptions } from '../../db/schema'

/** How long a push service keeps an undelivered push (s), and how long we wait for it to answer (ms). */
const PUSH_TTL_S = 24 * 60 * 60
const PUSH_TIMEOUT_MS = 10_000

/**
 * Plain http only to this machine (a push service stub in tests or development): every real push
 * service is https, and the server must not be made to post to internal http services.
 */
function endpointAllowed(endpoint: string): boolean {
  const url = new URL(endpoint)
  if (url.protocol === 'https:') return true
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return (
    url.protocol === 'http:' &&
    (host === 'localhost' || host === '127.0.0.1' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.')))
  )
}

export type PushOutcome = { sent: number; gone: number; failed: number }

/** web-push (~35 ms of CPU to load) comes with the first push or the first key pair made, not at start. */
const webPush = () => import('web-push').then((m) => m.default)

/**
 * Web Push: the server's VAPID keys (VAPID_* env, else made once and kept in `push_keys`), each
 * device's subscription (`push_subscriptions`, one per endpoint), and sending with the web-push
 * library (it encrypts the payload, aes128gcm, and signs the VAPID header; the request itself
 * goes out with fetch). A subscription the push service answers 404 or 410 for is forgotten.
 */
export function createPushService(ctx: AppContext) {
  const { db, config } = ctx
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null

  async function loadKeys() {
    if (config.vapid.publicKey && config.vapid.privateKey) return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey }
    const stored = () => db.select().from(pushKeys).where(eq(pushKeys.id, 'vapid')).limit(1)
    let [row] = await stored()
    if (!row) {
      const made = (await webPush()).generateVAPIDKeys()
      // Several nodes may start at once: the first pair stored wins, everyone reads it back.
      await db.insert(pushKeys).values({ id: 'vapid', publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing()
      ;[row] = await stored()
    }
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

  async function sendOne(row: typeof pushSubscriptions.$inferSelect, payload: PushPayload): Promise<'sent' | 'gone' | 'failed'> {
    const { publicKey, privateKey } = await vapidKeys()
    const details = (await webPush()).generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: config.vapid.subject, publicKey, privateKey },
        TTL: PUSH_TTL_S,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    )
    try {
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        redirect: 'error',
      })
      await res.body?.cancel()
      if (res.status === 404 || res.status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id))
        return 'gone'
      }
      return res.ok ? 'sent' : 'failed'
    } catch {
      return 'failed'
    }
  }

  return {
    async publicKey(): Promise<string> {
      return (await vapidKeys()).publicKey
    },

    /** Keeps this device's subscription for the user (a device that changes hands moves to the new user). */
    async save(userId: string, subscription: PushSubscriptionJson): Promise<boolean> {
      if (!endpointAllowed(subscription.endpoint)) return false
      const values = { userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth } })
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

    /** Sends the payload to every device of the user. */
    async send(userId: string, payload: PushPayload): Promise<PushOutcome> {
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
      const outcomes = await Promise.all(rows.map((row) => sendOne(row, payload)))
      return {
        sent: outcomes.filter((o) => o === 'sent').length,
        gone: outcomes.filter((o) => o === 'gone').length,
        failed: outcomes.filter((o) => o === 'failed').length,
      }
    },
  }
}

export type PushService = ReturnType<typeof createPushService>
