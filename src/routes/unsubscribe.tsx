import { createFileRoute } from '@tanstack/react-router'
import { useUnsubscribe } from '../services/unsubscribe'
import { UnsubscribePage } from '../ui/attention/unsubscribe-page'

/** /unsubscribe?token=… (the missed-message email's link). */
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: UnsubscribeRoute,
})

function UnsubscribeRoute() {
  const { token = '' } = Route.useSearch()
  return <UnsubscribePage {...useUnsubscribe(token)} />
}
