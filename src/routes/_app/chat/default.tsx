import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EmptyState } from '../../../ui/empty-state'
import { Icon } from '../../../ui/icons'

export const Route = createFileRoute('/_app/chat/default')({ component: ChatDefaultPage })

function ChatDefaultPage() {
  return (
    <EmptyState
      icon={<Icon name="chat" className="h-16 w-16" />}
      title={<Trans>Choose a chat</Trans>}
      description={<Trans>Pick a conversation from the list, or start one with New message.</Trans>}
    />
  )
}
