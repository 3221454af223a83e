/* Workroom service worker: shows browser pushes (only when no window of the app has the focus:
 * then the app shows the notification itself), opens a push's target on click, closes pushes that
 * were read elsewhere, and keeps the app shell so a navigation while offline still opens the app. */

const SHELL_CACHE = 'workroom-shell-v1'
const ASSET_CACHE = 'workroom-assets-v1'
const SHELL = '/index.html'
const KEEP = [SHELL_CACHE, ASSET_CACHE]

/** Not the app's shell or files: the API, the socket, email previews and uploaded media. */
const passThrough = (url) => url.origin !== self.location.origin || /^\/(api|socket\.io|email-preview|media|avatars)(\/|$)/.test(url.pathname)

async function cacheShell() {
  const response = await fetch('/', { cache: 'no-cache', headers: { accept: 'text/html' } })
  if (!response.ok) return
  const html = await response.clone().text()
  const shell = await caches.open(SHELL_CACHE)
  await shell.put(SHELL, response)
  // The entry's scripts, styles and preloads: the shell works offline without them being asked for first.
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1])
  const assets = await caches.open(ASSET_CACHE)
  await Promise.all([...files, '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'].map((file) => assets.add(file).catch(() => undefined)))
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().catch(() => undefined))
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!KEEP.includes(name)) await caches.delete(name)
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (passThrough(url)) return

  if (request.mode === 'navigate') {
    // Network first (a fresh index.html after a deploy); offline, the kept shell.
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request)
          if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
            const shell = await caches.open(SHELL_CACHE)
            await shell.put(SHELL, response.clone())
          }
          return response
        } catch (err) {
          const cached = await caches.match(SHELL)
          if (cached) return cached
          throw err
        }
      })(),
    )
    return
  }

  if (url.pathname.startsWith('/assets/')) {
    // Hashed names never change: the cache first, the network once.
    event.respondWith(
      (async () => {
        const cached = await caches.match(request)
        if (cached) return cached
        const response = await fetch(request)
        if (response.ok) {
          const assets = await caches.open(ASSET_CACHE)
          await assets.put(request, response.clone())
        }
        return response
      })(),
    )
    return
  }

  // Anything else of the app (icons, manifest, catalogs): the network, the kept copy offline.
  event.respondWith(fetch(request).catch(async (err) => (await caches.match(request)) || Promise.reject(err)))
})

/** Shows a push unless a window of the app has the focus (that window shows it in the app: no second notification). */
async function showUnlessFocused(push) {
  if (!push || typeof push.title !== 'string' || typeof push.id !== 'string') return 'invalid'
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  if (windows.some((client) => client.focused)) return 'focused'
  await self.registration.showNotification(push.title, {
    body: push.body || '',
    tag: push.id,
    icon: '/icons/icon-192.png',
    data: { url: push.url || '/', id: push.id },
  })
  return 'shown'
}

/** The push's JSON payload, or null when there is none or it is not JSON. */
function payloadOf(event) {
  try {
    return event.data ? event.data.json() : null
  } catch {
    return null
  }
}

self.addEventListener('push', (event) => {
  event.waitUntil(showUnlessFocused(payloadOf(event)))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).origin === target.origin)
      if (open) {
        // The app navigates itself (no reload) and marks the notification read.
        open.postMessage({ type: 'open-notification', url: target.pathname + target.search, id: event.notification.data && event.notification.data.id })
        await open.focus()
        return
      }
      await self.clients.openWindow(target.href)
    })(),
  )
})

self.addEventListener('message', (event) => {
  const message = event.data
  // A tab of a browser without a push subscription shows its notification through here: the same rule.
  if (message && message.type === 'show-notification') {
    event.waitUntil(
      showUnlessFocused(message.push).then(
        (outcome) => event.ports[0] && event.ports[0].postMessage({ outcome }),
        () => event.ports[0] && event.ports[0].postMessage({ outcome: 'failed' }),
      ),
    )
    return
  }
  if (!message || message.type !== 'close-notifications') return
  event.waitUntil(
    (async () => {
      const shown = await self.registration.getNotifications()
      for (const notification of shown) if (message.ids === null || message.ids.includes(notification.tag)) notification.close()
    })(),
  )
})
