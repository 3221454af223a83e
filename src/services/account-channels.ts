import { useEffect, useMemo } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { Channel } from '../../contract/channel'
import { accountChannelsMachine, connect, type SwitchChannelInput } from '../machines/account-channels'
import { myChannels } from './api/channel'
import { switchChannel } from './api/customer'
import { sendSession } from './session'

/**
 * The accountChannels machine as the sidebar layout runs it: GET channel/my-channel and PUT
 * customer/current-channel (a failure shows the http client's toast), the session fetches the
 * user again. Where the chats open (`openChats`) is the router's, provided by `useAccountChannels`.
 */
export const appAccountChannelsMachine = accountChannelsMachine.provide({
  actors: {
    loadChannels: fromPromise<Channel[], void>(() => myChannels()),
    switchChannel: fromPromise<unknown, SwitchChannelInput>(({ input }) => switchChannel(input.channelId)),
  },
  actions: {
    refreshUser: () => sendSession({ type: 'REFRESH_USER' }),
  },
})

/**
 * The account drawer's channels: the machine hears the drawer open and close; a created channel's
 * chats open through the router. Returns the channel switcher's and the create-channel modal's props.
 */
export function useAccountChannels(drawerOpen: boolean) {
  const navigate = useNavigate()
  const machine = useMemo(
    () => appAccountChannelsMachine.provide({ actions: { openChats: () => void navigate({ to: '/chat/default' }) } }),
    [navigate],
  )
  const actor = useActorRef(machine)
  useEffect(() => actor.send({ type: drawerOpen ? 'DRAWER_OPENED' : 'DRAWER_CLOSED' }), [actor, drawerOpen])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
