export {
  accountChannelsMachine,
  type AccountChannelsActor,
  type AccountChannelsMachine,
  type AccountChannelsSnapshot,
} from './account-channels.machine'
export { connect, type AccountChannelsProps, type ChannelSwitcherConnect, type CreateChannelModalConnect } from './account-channels.connect'
export type { AccountChannelsContext, AccountChannelsEvent, SwitchChannelInput } from './account-channels.types'
