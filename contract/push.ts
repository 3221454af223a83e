import { z } from 'zod'

/**
 * Browser push (Web Push with VAPID). A device's subscription is what
 * `PushSubscription.toJSON()` gives; the client sends it as the `fcm_token` string (the spec's
 * name for the device's push token) and sends the same string on logout so the server forgets it.
 */
export const pushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1).max(256),
    auth: z.string().min(1).max(128),
  }),
})
export type PushSubscriptionJson = z.infer<typeof pushSubscription>

/** The subscription in a string, or null when the string is not one. */
export function parsePushSubscription(token: string): PushSubscriptionJson | null {
  try {
    const parsed = pushSubscription.safeParse(JSON.parse(token))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** `fcm_token`: a JSON string holding a push subscription. */
export const pushSubscriptionToken = z
  .string()
  .min(1)
  .max(4096)
  .refine((token) => parsePushSubscription(token) !== null)

/** GET notify/push-key: the server's VAPID public key (applicationServerKey, base64url). */
export const pushKey = z.object({ public_key: z.string() })
export type PushKey = z.infer<typeof pushKey>

/** What the server pushes (the service worker shows it): one notification, words in the recipient's language. */
export interface PushPayload {
  /** The notification's id: the shown push's tag, so reading it anywhere can close it. */
  id: string
  title: string
  body: string
  /** The app path a click opens. */
  url: string
}

/** The client tells the server whether this window has the user's focus (socket `FOCUS`). */
export interface FocusPayload {
  focused: boolean
}

/**
 * Socket `NOTIFY_SEEN` to every socket of the user: notifications were read on one of them.
 * `ids` null means all of them; `notification` the unread count after it.
 */
export interface NotifySeenPayload {
  ids: string[] | null
  notification: number
}

/** A socket's focus report counts this long; a focused window repeats it more often than that. */
export const FOCUS_FRESH_MS = 120_000
export const FOCUS_REPEAT_MS = 60_000

/** PUT customer/update-fcm-token answers that the subscription is kept. */
export const pushSaved = z.object({ saved: z.literal(true) })
