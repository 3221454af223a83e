// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pushSubscriptionToken, subscribeToPush } from '../../../src/services/push'

/**
 * subscribeToPush saves this browser's subscription with update-fcm-token. The server allows 10
 * saves an hour per user (429 beyond): an app started more often keeps the subscription it saved
 * (so logout still sends it); any other refusal leaves the browser unsubscribed.
 */

const subscriptionJson = { endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', keys: { p256dh: 'BPk', auth: 'au' } }
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A browser with a push service: notifications allowed, a registered worker holding a subscription made with the server's key. */
function browserWithPush() {
  const key = new Uint8Array([4, 1, 2, 3])
  const subscription = { options: { applicationServerKey: key.buffer }, toJSON: () => subscriptionJson, unsubscribe: vi.fn() }
  const registration = { pushManager: { getSubscription: async () => subscription, subscribe: vi.fn() } }
  vi.stubGlobal('Notification', { permission: 'granted' })
  vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration), register: vi.fn() },
  })
  return Buffer.from(key).toString('base64url')
}

let saveStatus = 200
beforeEach(() => {
  const publicKey = browserWithPush()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname
      if (path === '/api/notify/push-key') return json(200, { result: { public_key: publicKey } })
      if (path === '/api/customer/update-fcm-token')
        return saveStatus === 200 ? json(200, { result: { saved: true } }) : json(saveStatus, { message: 'refused' })
      return json(404, { message: 'not found' })
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  saveStatus = 200
})

describe('subscribeToPush', () => {
  it('saved: answers the subscription, which logout will send', async () => {
    expect(await subscribeToPush()).toBe(JSON.stringify(subscriptionJson))
    expect(pushSubscriptionToken()).toBe(JSON.stringify(subscriptionJson))
  })

  it('429 (saved too often this hour): the subscription saved before still stands', async () => {
    saveStatus = 429
    expect(await subscribeToPush()).toBe(JSON.stringify(subscriptionJson))
    expect(pushSubscriptionToken()).toBe(JSON.stringify(subscriptionJson))
  })

  it('400 (the server does not accept it): not subscribed', async () => {
    saveStatus = 400
    expect(await subscribeToPush()).toBeNull()
    expect(pushSubscriptionToken()).toBeNull()
  })
})
