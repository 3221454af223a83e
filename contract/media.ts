import { z } from 'zod'
import { objectId } from './common'

/**
 * Media. Files are stored under a random key; images
 * also get `<key>.thumb.jpg`. They are read only through media/access URLs (key, topic_id and the
 * reader's media token) that also check the reader still belongs to the topic.
 */
export const THUMB_SUFFIX = '.thumb.jpg'
export const MEDIA_MAX_BYTES = 50 * 1024 * 1024
/** The files of one upload request together (media/uploads takes up to 10). */
export const MEDIA_REQUEST_MAX_BYTES = 50 * 1024 * 1024
/** Uploads one user may have in progress at once (on one server); one more is 429. */
export const MEDIA_UPLOADS_PER_USER = 3
/**
 * How long the media token of a link the server signs in an answer stays valid. Each token names
 * its reader, and every fetch re-checks their membership; the short life bounds a leaked link. The
 * session's own media token (auth `tokens`) expires with its access token and is renewed with it.
 */
export const MEDIA_URL_TTL_SECONDS = 15 * 60

/** What an upload may be, by its bytes: images, pdf, office/zip, audio, video and plain text. */
export const MEDIA_KINDS = ['image', 'file'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

export const mediaItem = z.object({
  _id: z.string(),
  key: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  /** Signed media/access URL for the caller. */
  url: z.string(),
  /** Signed URL of `<key>.thumb.jpg` for images, else null. */
  thumb_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
})
export type MediaItem = z.infer<typeof mediaItem>

/** POST media/upload (multipart: file, topic_id, acl) -> result: the item (+ `_id`, `url`). */
export const MEDIA_ACLS = ['private', 'public'] as const
export type MediaAcl = (typeof MEDIA_ACLS)[number]

/** DELETE media/cancel-upload?media_id: drops an upload that no message uses yet. */
export const mediaIdQuery = z.object({ media_id: objectId })
export type MediaIdQuery = z.infer<typeof mediaIdQuery>

/** GET media/access?key&topic_id&token: `token` is the reader's media token. */
export const mediaAccessQuery = z.object({
  key: z.string().min(1).max(200),
  topic_id: objectId,
  token: z.string().min(1).max(512),
})
export type MediaAccessQuery = z.infer<typeof mediaAccessQuery>

/** The link that reads file `key` of topic `topicId` with the reader's media token. */
export const mediaAccessUrl = (key: string, topicId: string, token: string): string =>
  `/api/media/access?${new URLSearchParams({ key, topic_id: topicId, token })}`

/** A file without links (as the socket pushes it to every member): `has_thumb` says whether it has `<key>.thumb.jpg`. */
export type UnlinkedMediaItem = Omit<MediaItem, 'url' | 'thumb_url'> & { has_thumb: boolean }

export const withoutFileLinks = ({ url: _url, thumb_url, ...file }: MediaItem): UnlinkedMediaItem => ({
  ...file,
  has_thumb: thumb_url !== null,
})

/** A file of topic `topicId` with its links for the reader of `token`. */
export const withFileLinks = ({ has_thumb, ...file }: UnlinkedMediaItem, topicId: string, token: string): MediaItem => ({
  ...file,
  url: mediaAccessUrl(file.key, topicId, token),
  thumb_url: has_thumb ? mediaAccessUrl(`${file.key}${THUMB_SUFFIX}`, topicId, token) : null,
})

/** The deepest storage page (20 files each, 10,000 files back): an OFFSET reads every row it skips. */
export const STORAGE_PAGE_MAX = 500

/** Channel storage pages: GET media/storage?channel_id[&topic_id][&trash=1][&page]. */
export const storageQuery = z.object({
  channel_id: objectId,
  topic_id: objectId.optional(),
  trash: z.coerce.number().int().min(0).max(1).default(0),
  page: z.coerce.number().int().min(1).max(STORAGE_PAGE_MAX).default(1),
})
export type StorageQuery = z.infer<typeof storageQuery>
export const storedFile = mediaItem.extend({
  topic_id: z.string(),
  topic_name: z.string(),
  uploader: z.object({ _id: z.string(), name: z.string() }),
  created_at: z.string(),
  trashed_at: z.string().nullable(),
})
export type StoredFile = z.infer<typeof storedFile>
export const storagePage = z.object({ items: z.array(storedFile), used: z.number().int(), quota: z.number().int() })
export type StoragePage = z.infer<typeof storagePage>
/** PUT media/trash, PUT media/restore, DELETE media/purge: uploader or channel admin. */
export const mediaIdBody = z.strictObject({ media_id: objectId })
export type MediaIdBody = z.infer<typeof mediaIdBody>

/** Public uploads (channel images and banners) are served at this prefix + key, to anyone. */
export const PUBLIC_MEDIA_PREFIX = '/api/media/public/'

/** Where anyone reads a public upload (a channel's or group's image, a banner), by its key. */
export const publicMediaUrl = (key: string | null) => (key ? `${PUBLIC_MEDIA_PREFIX}${key}` : null)
