/**
 * The media module's public face: uploads and the files of messages go through its service
 * (`ofMessages` signs them for a reader, `shareAttachments` for a forward); public images by key;
 * `orphanSweep`, its scheduled job.
 */
export { ownPublicMediaKey } from './public-media'
export { mediaPublicRoutes, mediaRoutes } from './routes'
export { createMediaService, type MediaService, orphanSweep, type PreviewImage } from './service'
