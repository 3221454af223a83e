export { accountChannelsMachine, type AccountChannelsActor, type AccountChannelsMachine, type AccountChannelsSnapshot } from './account-channels.machine'
export { connect, type AccountChannelsProps, type ChannelSwitcherConnect, type CreateChannelModalConnect } from './account-channels.connect'
export type * from './account-channels.types'
