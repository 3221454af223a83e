import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router'
import { useConnectivity } from '../services/connectivity'
import { nativeAppOfferPage, takeNativeAppOffer } from '../services/native-app-offer'
import { requireCatalogParts } from '../services/i18n'
import { partsForRoutes } from '../services/catalog-parts'
import type { SessionAccess } from '../services/session'
import { NavigationProgress } from '../ui/navigation-progress'
import { NotFound } from '../ui/not-found'
import { OfflineNotice } from '../ui/offline-notice'
import { Toaster } from '../ui/toast'

export interface RouterContext {
  session: SessionAccess
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Mobile browsers are offered the native app, once per session.
  beforeLoad: async ({ location, matches }) => {
    if (takeNativeAppOffer(location.pathname))
      throw redirect({ to: nativeAppOfferPage(location.pathname), search: { redirect: location.href } })
    // The catalog part of the pages about to render (e.g. the marketing copy).
    await requireCatalogParts(partsForRoutes(matches.map((match) => match.routeId)))
  },
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  const offline = useConnectivity()
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <Toaster />
      <OfflineNotice {...offline} />
    </>
  )
}
