/** The message module's public face. */
export { countPurgedFile } from './files-purged'
export { messageRoutes } from './routes'
export { createMessageService, type MessageService } from './service'
