import { createFileRoute } from '@tanstack/react-router'
import { DownloadAppPage } from '../ui/marketing/pages/download-app-page'

/** /download-app?redirect=/where/the/visitor/was */
export const Route = createFileRoute('/download-app')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: DownloadAppRoute,
})

function DownloadAppRoute() {
  const { redirect } = Route.useSearch()
  return <DownloadAppPage redirect={redirect} />
}
