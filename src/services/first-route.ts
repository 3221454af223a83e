import type { AnyRouter } from '@tanstack/react-router'
import { partsForRoutes } from './catalog-parts'
import { wantCatalogParts } from './i18n'
import { nativeAppOfferDue, nativeAppOfferPage } from './native-app-offer'

/**
 * Starts loading what the first page shows while the language loads: its routes' code and the
 * catalog parts they need (loaded by the next activateLanguage, with 'app'). Without it each
 * waits for the one before (language, then the root route's parts, then the page's code): three
 * round trips instead of one on a slow phone network. A phone that is about to be offered the
 * app warms /download-app instead.
 */
export function warmFirstRoute(router: AnyRouter): void {
  const { pathname } = router.latestLocation
  const matches = router.matchRoutes(nativeAppOfferDue(pathname) ? nativeAppOfferPage(pathname) : pathname, {})
  wantCatalogParts(partsForRoutes(matches.map((match) => match.routeId)))
  for (const match of matches) {
    // A failed chunk is the router's to report when it needs the route.
    router.loadRouteChunk(router.routesById[match.routeId])?.catch(() => {})
  }
}
