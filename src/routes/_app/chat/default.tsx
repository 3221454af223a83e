import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EmptyState } from '../../../ui/empty-state'
import { Icon } from '../../../ui/icons'

export const Route = createFileRoute('/_app/chat/default')({ component: ChatDefaultPage })

function ChatDefaultPage() {
  return (
    <EmptyState
      icon={<Icon name="chat" className="h-16 w-16" />}
      title={<Trans>No conversations yet</Trans>}
      description={<Trans>One-to-one and group chats are not available in this version of Workroom yet. Your conversations will be listed here.</Trans>}
    />
  )
}
