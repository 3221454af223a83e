import { createFileRoute } from '@tanstack/react-router'
import type { SessionState } from '../../machines/session'
import type { ChannelMembersInput } from '../../machines/channel-members'
import { useChannelJoin } from '../../services/channel-join'
import { useChannelMembers } from '../../services/channel-members'
import { useIsLoggedIn, useSession } from '../../services/session'
import { ChannelMembers } from '../../ui/channel/channel-members'
import { ChannelPublicPage } from '../../ui/channel/channel-public-page'

export const Route = createFileRoute('/_marketing/channel/$channelId')({ component: ChannelRoute })

const meOf = (state: SessionState) => state?.context.user?._id ?? null

function ChannelRoute() {
  const { channelId } = Route.useParams()
  const meId = useSession(meOf)
  const page = useChannelJoin(channelId, useIsLoggedIn())
  return <ChannelPublicPage {...page} members={page.member ? <Members key={page.member.channelId} {...page.member} meId={meId} /> : null} />
}

function Members(input: ChannelMembersInput) {
  return <ChannelMembers {...useChannelMembers(input)} />
}
