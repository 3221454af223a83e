/** The draft module's public face: draft/* routes and the draft service, the only writer of `drafts`. */
export { draftRoutes } from './routes'
export { createDraftService, type DraftService } from './service'
