/** The support module's public face: the desk's chat with each customer and its acknowledgement. */
export { supportRoutes } from './routes'
export { ACK_QUIET_MS, createSupportService, SUPPORT_ACK, type SupportService } from './service'
