import { createFileRoute } from '@tanstack/react-router'
import type { SessionState } from '../../machines/session'
import { useIsLoggedIn, useSession } from '../../services/session'
import { ChannelPublicPage } from '../../ui/channel/channel-public-page'

export const Route = createFileRoute('/_marketing/channel/$channelId')({ component: ChannelRoute })

const meOf = (state: SessionState) => state?.context.user?._id ?? null

function ChannelRoute() {
  const { channelId } = Route.useParams()
  const meId = useSession(meOf)
  return <ChannelPublicPage channelId={channelId} loggedIn={useIsLoggedIn()} meId={meId} />
}
