import type { Channel } from '../../../contract/channel'
import type { AccountChannelsSnapshot } from './account-channels.machine'
import type { AccountChannelsEvent } from './account-channels.types'

/** The account drawer's channel list (its current channel is the user's). */
export interface ChannelSwitcherConnect {
  /** The loaded list; null while it loads or when it failed. */
  channels: Channel[] | null
  /**
   * The last loaded list, kept after the list closes (the sidebar names the current channel with
   * it); null until the list first loads, and while it loads again.
   */
  known: Channel[] | null
  /** The list could not be loaded: say so and offer to try again. */
  failed: boolean
  /** The channel being made current: every switch waits for it. */
  switching: string | null
  onSwitch: (channelId: string) => void
  onRetry: () => void
  onCreate: () => void
}

/** The create-channel modal while it shows: the channels the user administers, and how it ends. */
export interface CreateChannelModalConnect {
  administeredChannels: number
  onCreated: () => void
  onClosed: () => void
}

export interface AccountChannelsProps {
  switcher: ChannelSwitcherConnect
  /** A page's 'Create a channel': the create-channel modal, without the drawer. */
  onCreateFromPage: () => void
  /** null when the create-channel modal is not shown. */
  createModal: CreateChannelModalConnect | null
}

/** Pure: snapshot and send -> the channel switcher's and the create-channel modal's props and handlers. */
export function connect(snapshot: AccountChannelsSnapshot, send: (event: AccountChannelsEvent) => void): AccountChannelsProps {
  const { channels, switching, administeredChannels } = snapshot.context
  return {
    switcher: {
      channels: snapshot.matches({ list: { open: { data: 'loaded' } } }) ? channels : null,
      known: channels,
      failed: snapshot.matches({ list: { open: { data: 'failed' } } }),
      switching,
      onSwitch: (channelId) => send({ type: 'SWITCH', channelId }),
      onRetry: () => send({ type: 'RETRY' }),
      onCreate: () => send({ type: 'CREATE' }),
    },
    onCreateFromPage: () => send({ type: 'CREATE_FROM_PAGE' }),
    createModal: snapshot.matches({ list: { open: { shownIn: 'createModal' } } })
      ? { administeredChannels, onCreated: () => send({ type: 'CREATED' }), onClosed: () => send({ type: 'CREATE_CLOSED' }) }
      : null,
  }
}
