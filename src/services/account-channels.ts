import { fromPromise } from 'xstate'
import type { Channel } from '../../contract/channel'
import { accountChannelsMachine } from '../machines/account-channels'
import { myChannels, switchChannel } from './channels'
import { sendSession } from './session'

/**
 * The accountChannels machine as the sidebar layout runs it: GET channel/my-channel and PUT
 * customer/current-channel (a failure shows the http client's toast), the session fetches the
 * user again. Where the chats open (`openChats`) is the router's, provided by the layout.
 */
export const appAccountChannelsMachine = accountChannelsMachine.provide({
  actors: {
    loadChannels: fromPromise<Channel[], void>(() => myChannels()),
    switchChannel: fromPromise<unknown, { channelId: string }>(({ input }) => switchChannel(input.channelId)),
  },
  actions: {
    refreshUser: () => sendSession({ type: 'REFRESH_USER' }),
  },
})
