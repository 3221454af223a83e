import { createFileRoute } from '@tanstack/react-router'
import { useSessions } from '../../services/sessions'
import { SessionsPageView } from '../../ui/account/sessions-page'

export const Route = createFileRoute('/_app/log')({ component: SessionsPage })

function SessionsPage() {
  return <SessionsPageView {...useSessions()} />
}
