/** The channel module's public face. */
export { channelPublicRoutes, channelRoutes } from './routes'
export { type ChannelService, createChannelService } from './service'
