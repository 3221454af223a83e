import './services/zod-config'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nProvider } from '@lingui/react'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { firstPagePainted, firstPagePaintedWhen, paintedAfter } from './services/first-paint'
import { warmFirstRoute } from './services/first-route'
import { activateLanguage, i18n, initialLanguage } from './services/i18n'
import { registerServiceWorkerWhenLoaded } from './services/service-worker'
import { onSessionNavigate, sessionAccess } from './services/session'
import { loadSocketAfter } from './services/socket'
import './styles.css'

const router = createRouter({ routeTree, context: { session: sessionAccess }, defaultPreload: 'intent', scrollRestoration: true })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
  interface StaticDataRouteOption {
    /** Auth pages: a tenant landing beside the form, or the plain variant. */
    authLayout?: 'tenant' | 'plain'
  }
}

// The session machine decides where to go (after login, logout, verification, an ended session).
onSessionNavigate((href) => void router.navigate({ href }))

warmFirstRoute(router)
// The first page is on screen after its render and the next frame's paint (at once in a hidden tab):
// the socket's code, and the app's code that shows nothing on it (first-paint.ts), load after that.
firstPagePaintedWhen(
  paintedAfter((rendered) => {
    const stop = router.subscribe('onRendered', () => {
      stop()
      rendered()
    })
  }),
)
loadSocketAfter(firstPagePainted())
// Offline shell and browser pushes (public/sw.js).
registerServiceWorkerWhenLoaded()
await activateLanguage(initialLanguage())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
)
