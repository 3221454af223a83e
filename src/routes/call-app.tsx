import { createFileRoute } from '@tanstack/react-router'
import { CallAppPage } from '../ui/marketing/pages/call-app-page'

/** /call-app?redirect=/call-open/...: the native app for calls and meetings; a phone opening a meeting or a room comes here first. */
export const Route = createFileRoute('/call-app')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: CallAppRoute,
})

function CallAppRoute() {
  const { redirect } = Route.useSearch()
  return <CallAppPage redirect={redirect} />
}
