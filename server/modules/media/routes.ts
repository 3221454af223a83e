import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { endpoints, MEDIA_ACLS, MEDIA_MAX_BYTES, type MediaAcl, type MediaItem } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { HttpError, notFound, requiredField } from '../../http/errors'
import { routesOf } from '../../http/route'
import { unstorable } from '../../http/validation'
import { discardUploads, type ReceivedFile, type UploadPipeline } from '../../storage/upload-pipeline'
import type { MediaService } from './service'

const MAX_FILES = 10

/** The files (received by the upload pipeline) and the topic_id / acl fields of a multipart upload. */
async function readUpload(req: FastifyRequest, maxFiles: number, uploads: UploadPipeline) {
  if (!req.isMultipart()) throw new HttpError(400, 'invalidInput', { file: requiredField('file') })
  const files: ReceivedFile[] = []
  const fields: Record<string, string> = {}
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        // A part sent with `filename=""` has none at all (undefined): it is stored under its key.
        const name = part.filename ?? ''
        if (files.length >= maxFiles || unstorable(name)) throw new HttpError(400, 'invalidInput', { file: 'invalidInput' })
        files.push(await uploads.receive(name, part.file))
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
    for (const item of items) drop(item._id).catch((err: unknown) => req.log.error({ err, media_id: item._id }, 'dropping an unanswered upload failed'))
  }
  if (!res.socket?.writable) return dropAll()
  res.once('close', () => {
    if (!res.writableFinished) dropAll()
  })
}

/** Signed media/access and public channel images: no Authorization header (they are <img> sources). */
export const mediaPublicRoutes: FastifyPluginAsyncZod<ModuleOptions<MediaService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.mediaAccess, async (req, reply) => {
    const { key, topic_id, expire, token } = req.query
    const file = await service.access(key, topic_id, expire, token)
    const size = await stat(file.path).then((s) => s.size, () => null)
    if (size === null) throw notFound()
    const disposition = `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`
    return reply
      .header('content-type', file.mime)
      .header('content-length', size)
      .header('content-disposition', disposition)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(createReadStream(file.path))
  })

  route(endpoints.mediaPublic, async (req, reply) => {
    const file = await service.publicFile(req.params.key)
    return reply.header('content-type', file.mime).header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=31536000, immutable').send(createReadStream(file.path))
  })
}

/** Uploads and the channel storage pages of the signed-in user. */
export const mediaRoutes: FastifyPluginAsyncZod<ModuleOptions<MediaService>> = async (app, { ctx, service }) => {
  await app.register(multipart, { limits: { fileSize: MEDIA_MAX_BYTES, files: MAX_FILES, fields: 10, parts: MAX_FILES + 10 } })
  const route = routesOf(app, ctx)

  /** Stores the request's files for the caller, unless the client leaves before it gets their ids. */
  const uploadOf = async (req: FastifyRequest, reply: FastifyReply, maxFiles: number) => {
    const { userId } = caller(req)
    const { files, topicId, acl } = await readUpload(req, maxFiles, ctx.uploads)
    const items = await service.upload(userId, files, topicId, acl)
    dropIfUnanswered(req, reply, items, (mediaId) => service.cancel(userId, mediaId))
    return items
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
}
