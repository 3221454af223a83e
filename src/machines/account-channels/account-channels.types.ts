import type { Channel } from '../../../contract/channel'
import type { CurrentChannelBody } from '../../../contract/customer'

export interface AccountChannelsContext {
  /** The loaded list (null until it is loaded). */
  channels: Channel[] | null
  /** The channel being made current. */
  switching: string | null
  /** Channels the user administered when the create modal opened: its quota check. */
  administeredChannels: number
}

export type AccountChannelsEvent =
  | { type: 'DRAWER_OPENED' }
  | { type: 'DRAWER_CLOSED' }
  /** The list's 'Try again' after it failed to load. */
  | { type: 'RETRY' }
  /** Load the list again (raised after a switch; nothing while the list is closed). */
  | { type: 'RELOAD' }
  | { type: 'SWITCH'; channelId: string }
  /** 'Create channel': the drawer makes way for the create-channel modal. */
  | { type: 'CREATE' }
  /** A page's 'Create a channel' (e.g. the chat list without a channel): the modal once the list is loaded. */
  | { type: 'CREATE_FROM_PAGE' }
  /** The create-channel modal made the channel. */
  | { type: 'CREATED' }
  /** The create-channel modal closed without a channel. */
  | { type: 'CREATE_CLOSED' }

/** PUT customer/current-channel. */
export interface SwitchChannelInput {
  channelId: CurrentChannelBody['channel_id']
}
