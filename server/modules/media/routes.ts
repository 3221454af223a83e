import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  API,
  errorBody,
  MEDIA_ACLS,
  MEDIA_MAX_BYTES,
  type MediaAcl,
  type MediaItem,
  mediaAccessQuery,
  mediaIdBody,
  mediaIdQuery,
  mediaItem,
  PUBLIC_MEDIA_PREFIX,
  resultOf,
  storagePage,
  storageQuery,
} from '../../../contract'
import type { ModuleOptions } from '../../context'
import { authGuard, caller } from '../../http/auth-guard'
import { signedInSchema } from '../../http/route-schema'
import { HttpError, notFound, requiredField } from '../../http/errors'
import { discardUploads, type ReceivedFile, type UploadPipeline } from '../../storage/upload-pipeline'
import type { MediaService } from './service'

const s = signedInSchema('media')
const MAX_FILES = 10
const done = { 200: resultOf(z.object({ media_id: z.string() })), '4xx': errorBody }

/** The files (received by the upload pipeline) and the topic_id / acl fields of a multipart upload. */
async function readUpload(req: FastifyRequest, maxFiles: number, uploads: UploadPipeline) {
  if (!req.isMultipart()) throw new HttpError(400, 'invalidInput', { file: requiredField('file') })
  const files: ReceivedFile[] = []
  const fields: Record<string, string> = {}
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (files.length >= maxFiles) throw new HttpError(400, 'invalidInput', { file: 'invalidInput' })
        files.push(await uploads.receive(part.filename, part.file))
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value
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
export const mediaPublicRoutes: FastifyPluginAsyncZod<ModuleOptions<MediaService>> = async (app, { service }) => {

  app.get(`/${API.mediaAccess}`, { schema: { tags: ['media'], summary: 'A file through a signed URL of a reader who still belongs to its topic', querystring: mediaAccessQuery } }, async (req, reply) => {
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

  app.get(`${PUBLIC_MEDIA_PREFIX.replace('/api', '')}:key`, { schema: { tags: ['media'], summary: 'A public upload (channel image or banner)', params: z.object({ key: z.string().min(1).max(200) }) } }, async (req, reply) => {
    const file = await service.publicFile(req.params.key)
    return reply.header('content-type', file.mime).header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=31536000, immutable').send(createReadStream(file.path))
  })
}

/** Uploads and the channel storage pages of the signed-in user. */
export const mediaRoutes: FastifyPluginAsyncZod<ModuleOptions<MediaService>> = async (app, { ctx, service }) => {
  await app.register(multipart, { limits: { fileSize: MEDIA_MAX_BYTES, files: MAX_FILES, fields: 10, parts: MAX_FILES + 10 } })
  app.addHook('onRequest', authGuard(ctx.tokens))

  /** Stores the request's files for the caller, unless the client leaves before it gets their ids. */
  const uploadOf = async (req: FastifyRequest, reply: FastifyReply, maxFiles: number) => {
    const { userId } = caller(req)
    const { files, topicId, acl } = await readUpload(req, maxFiles, ctx.uploads)
    const items = await service.upload(userId, files, topicId, acl)
    dropIfUnanswered(req, reply, items, (mediaId) => service.cancel(userId, mediaId))
    return items
  }
  app.post(`/${API.mediaUpload}`, s('Upload one file (multipart: file, topic_id, acl); checked by content and quota', { consumes: ['multipart/form-data'] }, { 200: resultOf(mediaItem), '4xx': errorBody }), async (req, reply) => {
    const [item] = await uploadOf(req, reply, 1)
    return { result: item! }
  })
  app.post(`/${API.mediaUploads}`, s('Upload several files at once (all or nothing)', { consumes: ['multipart/form-data'] }, { 200: resultOf(z.array(mediaItem)), '4xx': errorBody }), async (req, reply) => ({
    result: await uploadOf(req, reply, MAX_FILES),
  }))
  app.delete(`/${API.mediaCancelUpload}`, s('Drop an upload no message uses yet', { querystring: mediaIdQuery }, done), async (req) => {
    await service.cancel(caller(req).userId, req.query.media_id)
    return { result: { media_id: req.query.media_id } }
  })
  app.get(`/${API.mediaStorage}`, s('Files of a channel’s topics the caller belongs to (or the trash)', { querystring: storageQuery }, { 200: resultOf(storagePage), '4xx': errorBody }), async (req) => ({
    result: await service.storage(caller(req).userId, req.query),
  }))
  app.put(`/${API.mediaTrash}`, s('Move a file to the trash (uploader or channel admin)', { body: mediaIdBody }, done), async (req) => {
    await service.trash(caller(req).userId, req.body.media_id, true)
    return { result: { media_id: req.body.media_id } }
  })
  app.put(`/${API.mediaRestore}`, s('Restore a file from the trash', { body: mediaIdBody }, done), async (req) => {
    await service.trash(caller(req).userId, req.body.media_id, false)
    return { result: { media_id: req.body.media_id } }
  })
  app.delete(`/${API.mediaPurge}`, s('Delete a file for good', { body: mediaIdBody }, done), async (req) => {
    await service.purge(caller(req).userId, req.body.media_id)
    return { result: { media_id: req.body.media_id } }
  })
}
