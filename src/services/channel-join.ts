import { useEffect, useMemo } from 'react'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { channelJoinMachine, connect, type ChannelInfo, type JoinChannelInput } from '../machines/channel-join'
import { channelInfo, joinChannel } from './api/channel'
import { failingWithMessage } from './failure'

const COULD_NOT_JOIN = msg`Could not join the channel. Please try again.`

/** The channel page (/channel/{id}) of `channelId` for a visitor or a signed-in user. */
export function useChannelJoin(channelId: string, loggedIn: boolean) {
  const navigate = useNavigate()
  const actor = useActorRef(
    channelJoinMachine.provide({
      actors: {
        loadChannel: fromPromise<ChannelInfo, { channelId: string }>(({ input }) => channelInfo(input.channelId)),
        joinChannel: fromPromise<unknown, JoinChannelInput>(({ input }) =>
          failingWithMessage(joinChannel(input.channelId, input.password), i18n._(COULD_NOT_JOIN)),
        ),
      },
      actions: {
        openChats: () => void navigate({ to: '/chat/default' }),
      },
    }),
    { input: { channelId, loggedIn } },
  )
  useEffect(() => actor.send({ type: 'OPEN', channelId, loggedIn }), [actor, channelId, loggedIn])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
