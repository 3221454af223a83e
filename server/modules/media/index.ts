/** The media module's public face: uploads, signed file URLs and public images. */
export { ownPublicMediaKey, publicMediaUrl } from './public-media'
export { mediaPublicRoutes, mediaRoutes } from './routes'
export { createMediaService, type MediaService } from './service'
export { createMediaSigner, type MediaSigner } from './signing'
export { toMediaItem } from './view'
