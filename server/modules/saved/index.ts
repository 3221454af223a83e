/** The saved module's public face: saved/* routes and the saved service, the only writer of saved_messages. */
export { savedRoutes } from './routes'
export { createSavedService, type SavedService } from './service'
