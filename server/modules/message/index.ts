/** The message module's public face. */
export { countPurgedFile } from './files-purged'
export { messageRoutes } from './routes'
export { threadRoutes } from './thread-routes'
export { createMessageService, type MessageService } from './service'
