import multipart, { type Multipart } from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  endpoints,
  MEDIA_ACLS,
  MEDIA_MAX_BYTES,
  MEDIA_REQUEST_MAX_BYTES,
  MEDIA_URL_TTL_SECONDS,
  type MediaAcl,
  type MediaItem,
} from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { HttpError, notFound, requiredField } from '../../http/errors'
import { routesOf } from '../../http/route'
import { unstorable } from '../../http/validation'
import { discardUploads, MULTIPART_OVERHEAD, type ReceivedFile, type UploadPipeline } from '../../storage/upload-pipeline'
import { byteRangeOf } from '../../storage/byte-range'
import type { StoredObject } from '../../storage/object-store'
import type { MediaService } from './service'

const MAX_FILES = 10
const FIELDS_MAX = 10
/** topic_id and acl are short. */
const FIELD_MAX_BYTES = 1024

type Parts = AsyncIterable<Multipart>

/**
 * The parts of a multipart request. The parser starts now, before anything is awaited (req.parts()
 * alone starts it at the first read): it then notices a client that leaves, and holds the request's
 * data (reading no further than its buffers) until the parts are read.
 */
function partsOf(req: FastifyRequest): Parts {
  if (!req.isMultipart()) throw new HttpError(400, 'invalidInput', { file: requiredField('file') })
  const iterator = req.parts()
  const first = iterator.next()
  // Not read when the request is refused first (its failure is then of no interest).
  first.catch(() => undefined)
  return (async function* () {
    for (let next = await first; !next.done; next = await iterator.next()) yield next.value
  })()
}

interface UploadLimits {
  /** Bytes the caller's quota has room for. */
  room: number
  /** Called with the fields sent so far when the first file starts, before its bytes are read. */
  beforeFirstFile(fields: Record<string, string>): Promise<void>
}

/**
 * The files (received by the upload pipeline) and the topic_id / acl fields of a multipart upload.
 * Reading stops (413) once the files together bring more than the request may (MEDIA_REQUEST_MAX_BYTES)
 * or the quota has room for.
 */
async function readUpload(parts: Parts, maxFiles: number, uploads: UploadPipeline, limits: UploadLimits) {
  const files: ReceivedFile[] = []
  const fields: Record<string, string> = {}
  const cap = Math.min(MEDIA_REQUEST_MAX_BYTES, limits.room)
  const overCap = () => (limits.room < MEDIA_REQUEST_MAX_BYTES ? new HttpError(413, 'storageFull') : new HttpError(413, 'fileTooLarge'))
  let received = 0
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        // A part sent with `filename=""` has none at all (undefined): it is stored under its key.
        const name = part.filename ?? ''
        if (files.length >= maxFiles || unstorable(name)) throw new HttpError(400, 'invalidInput', { file: 'invalidInput' })
        if (!files.length) await limits.beforeFirstFile(fields)
        const file = await uploads.receive(name, part.file, { bytes: cap - received, error: overCap })
        files.push(file)
        received += file.size
      } else if (typeof part.value === 'string') {
        if (unstorable(part.value)) throw new HttpError(400, 'invalidInput', { [part.fieldname]: 'invalidInput' })
        fields[part.fieldname] = part.value
      }
    }
    if (!files.length) throw new HttpError(400, 'invalidInput', { file: requiredField('file') })
    const acl = (fields.acl ?? 'private') as MediaAcl
    if (!MEDIA_ACLS.includes(acl)) throw new HttpError(400, 'invalidInput', { acl: 'invalidInput' })
    return { files, topicId: fields.topic_id || undefined, acl }
  } catch (err) {
    await discardUploads(files)
    throw err
  }
}

/**
 * The uploads of a request whose client left before its answer was written (an upload cancelled
 * after the server had the whole file): the client never learnt their ids, so nothing else would
 * drop them, and they would hold the uploader's storage quota.
 */
function dropIfUnanswered(req: FastifyRequest, reply: FastifyReply, items: MediaItem[], drop: (mediaId: string) => Promise<void>) {
  const res = reply.raw
  const dropAll = () => {
    for (const item of items)
      drop(item._id).catch((err: unknown) => req.log.error({ err, media_id: item._id }, 'dropping an unanswered upload failed'))
  }
  if (!res.socket?.writable) return dropAll()
  res.once('close', () => {
    if (!res.writableFinished) dropAll()
  })
}

/** A presigned read URL stays valid at least this long after media/access redirects to it. */
const READ_URL_MIN_SECONDS = 120
/** ...and the browser may follow that redirect again without asking for this long. */
const READ_REDIRECT_MAX_AGE_SECONDS = 60

/** Sends a stored file, or the part of it asked for (206). */
function sendStored(reply: FastifyReply, stored: StoredObject) {
  reply.header('accept-ranges', 'bytes')
  if (!stored.range) return reply.header('content-length', stored.size).send(stored.body)
  const { start, end } = stored.range
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${stored.size}`)
    .header('content-length', end - start + 1)
    .send(stored.body)
}

/**
 * media/access (the reader's media token is the credential) and public channel images: no
 * Authorization header (they are <img> sources).
 * The bytes stream from the object store (a Range of them for media players), or, with S3 and
 * S3_PRESIGNED_READS, media/access redirects to a short-lived presigned URL of the bucket.
 */
export const mediaPublicRoutes: FastifyPluginAsyncZod<ModuleOptions<MediaService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.mediaAccess, async (req, reply) => {
    const { key, topic_id, token } = req.query
    const file = await service.access(key, topic_id, token)
    const headers = {
      contentType: file.mime,
      contentDisposition: `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      cacheControl: `private, max-age=${MEDIA_URL_TTL_SECONDS}`,
    }
    const direct = await service.readUrl(file.key, headers, READ_URL_MIN_SECONDS)
    if (direct) return reply.header('cache-control', `private, max-age=${READ_REDIRECT_MAX_AGE_SECONDS}`).redirect(direct, 302)
    const stored = await service.read(file.key, byteRangeOf(req.headers.range))
    if (!stored) throw notFound()
    reply
      .header('content-type', headers.contentType)
      .header('content-disposition', headers.contentDisposition)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', headers.cacheControl)
    return sendStored(reply, stored)
  })

  route(endpoints.mediaPublic, async (req, reply) => {
    const file = await service.publicFile(req.params.key)
    const stored = await service.read(file.key)
    if (!stored) throw notFound()
    reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
    return sendStored(reply, stored)
  })
}

/** Uploads and the channel storage pages of the signed-in user. */
export const mediaRoutes: FastifyPluginAsyncZod<ModuleOptions<MediaService>> = async (app, { ctx, service }) => {
  await app.register(multipart, {
    limits: { fileSize: MEDIA_MAX_BYTES, files: MAX_FILES, fields: FIELDS_MAX, fieldSize: FIELD_MAX_BYTES, parts: MAX_FILES + FIELDS_MAX },
  })
  const route = routesOf(app, ctx)

  /**
   * Stores the request's files for the caller, unless the client leaves before it gets their ids.
   * Before any of the body is read: a slot among the caller's uploads in progress (429; avatars share them), and the
   * declared Content-Length against the request cap and the quota's room (413). The topic is
   * checked when the first file starts, if its fields came first (as the app sends them).
   */
  const uploadOf = async (req: FastifyRequest, reply: FastifyReply, maxFiles: number) => {
    const { userId } = caller(req)
    let release: (() => void) | undefined
    try {
      release = ctx.uploads.slot(userId)
      const declared = Number(req.headers['content-length'])
      if (declared > MEDIA_REQUEST_MAX_BYTES + MULTIPART_OVERHEAD) throw new HttpError(413, 'fileTooLarge')
      const parts = partsOf(req)
      const { used, quota } = await service.usage(userId)
      const room = Math.max(0, quota - used)
      if (declared - MULTIPART_OVERHEAD > room) throw new HttpError(413, 'storageFull')
      const beforeFirstFile = async (fields: Record<string, string>) => {
        if ((fields.acl ?? 'private') === 'private' && fields.topic_id) await service.mayUploadTo(userId, fields.topic_id)
      }
      const { files, topicId, acl } = await readUpload(parts, maxFiles, ctx.uploads, { room, beforeFirstFile })
      const items = await service.upload(userId, files, topicId, acl)
      dropIfUnanswered(req, reply, items, (mediaId) => service.cancel(userId, mediaId))
      return items
    } catch (err) {
      // Refused before the whole body arrived: the connection closes rather than reading the rest.
      if (!req.raw.complete) reply.header('connection', 'close')
      throw err
    } finally {
      release?.()
    }
  }
  route(endpoints.mediaUpload, async (req, reply) => {
    const [item] = await uploadOf(req, reply, 1)
    return item!
  })
  route(endpoints.mediaUploads, (req, reply) => uploadOf(req, reply, MAX_FILES))
  route(endpoints.mediaCancelUpload, async (req) => {
    await service.cancel(caller(req).userId, req.query.media_id)
    return { media_id: req.query.media_id }
  })
  route(endpoints.mediaStorage, (req) => service.storage(caller(req).userId, req.query))
  route(endpoints.mediaTrash, async (req) => {
    await service.trash(caller(req).userId, req.body.media_id, true)
    return { media_id: req.body.media_id }
  })
  route(endpoints.mediaRestore, async (req) => {
    await service.trash(caller(req).userId, req.body.media_id, false)
    return { media_id: req.body.media_id }
  })
  route(endpoints.mediaPurge, async (req) => {
    await service.purge(caller(req).userId, req.body.media_id)
    return { media_id: req.body.media_id }
  })
  // pages: /account/storage and /account/trash
  route(endpoints.storageSummary, (req) => service.summary(caller(req).userId))
  route(endpoints.myTrash, (req) => service.myTrash(caller(req).userId, req.query))
}
