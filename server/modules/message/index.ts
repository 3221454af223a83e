/** The message module's public face. */
export { messageRoutes } from './routes'
export { createMessageService, type MessageService } from './service'
