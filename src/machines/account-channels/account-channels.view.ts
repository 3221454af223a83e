import type { Channel } from '../../../contract/channel'
import type { AccountChannelsSnapshot } from './account-channels.machine'

export interface AccountChannelsView {
  /** The account drawer's channel list (its current channel is the user's). */
  switcher: {
    /** The loaded list; null while it loads or when it failed. */
    channels: Channel[] | null
    /** The list could not be loaded: say so and offer to try again. */
    failed: boolean
    /** The channel being made current: every switch waits for it. */
    switching: string | null
  }
  /** The create-channel modal, with the channels the user administers; null when it is not shown. */
  createModal: { administeredChannels: number } | null
}

/** Pure: snapshot -> the channel switcher's and the create-channel modal's props. */
export function accountChannelsView(snapshot: AccountChannelsSnapshot): AccountChannelsView {
  const { channels, switching, administeredChannels } = snapshot.context
  return {
    switcher: {
      channels: snapshot.matches({ list: { open: { data: 'loaded' } } }) ? channels : null,
      failed: snapshot.matches({ list: { open: { data: 'failed' } } }),
      switching,
    },
    createModal: snapshot.matches({ list: { open: { shownIn: 'createModal' } } }) ? { administeredChannels } : null,
  }
}
