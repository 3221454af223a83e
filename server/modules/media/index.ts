/**
 * The media module's public face: uploads and the files of messages go through its service
 * (`ofMessages` signs them for a reader, `copyAttachments` for a forward); public images by key.
 */
export { ownPublicMediaKey } from './public-media'
export { mediaPublicRoutes, mediaRoutes } from './routes'
export { createMediaService, type MediaService } from './service'
