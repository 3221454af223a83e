/**
 * The service worker (public/sw.js): registered once the page has loaded, for every visitor (it
 * keeps the app shell for offline use; pushes need the user's permission on top). Kept apart from
 * the push code so the entry chunk stays small.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null)
  return navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => null)
}

/** Registers it after the page's own loading is done. */
export function registerServiceWorkerWhenLoaded(): void {
  if (typeof window === 'undefined') return
  if (document.readyState === 'complete') void registerServiceWorker()
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true })
}
