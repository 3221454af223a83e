import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints, LIMITS } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { HttpError, requiredField } from '../../http/errors'
import { routesOf } from '../../http/route'
import { MULTIPART_OVERHEAD } from '../../storage/upload-pipeline'
import type { CustomerService } from './service'

/** The signed-in user's account (customer/*) and language (workid/update-language). */
export const customerRoutes: FastifyPluginAsyncZod<ModuleOptions<CustomerService>> = async (app, { ctx, service }) => {
  await app.register(multipart, { limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 10, parts: 12 } })
  const route = routesOf(app, ctx)

  route(endpoints.userInfo, (req) => service.get(caller(req).userId))
  route(endpoints.updateProfile, (req) => service.updateProfile(caller(req).userId, req.body))
  /**
   * Like media uploads, before any of the body is read: a slot among the caller's uploads in progress
   * (429; shared with media), and the declared Content-Length against the avatar cap (413, and the
   * connection closes). The image then waits its turn in the shared decode pool.
   */
  route(endpoints.avatar, async (req, reply) => {
    const userId = caller(req).userId
    let release: (() => void) | undefined
    try {
      release = ctx.uploads.slot(userId)
      if (Number(req.headers['content-length']) > LIMITS.avatarMaxBytes + MULTIPART_OVERHEAD) throw new HttpError(413, 'fileTooLarge')
      if (!req.isMultipart()) throw new HttpError(400, 'invalidInput', { file: requiredField('file') })
      const part = await req.file()
      if (!part) throw new HttpError(400, 'invalidInput', { file: requiredField('file') })
      return await service.setAvatar(userId, await ctx.uploads.receive(part.filename, part.file))
    } catch (err) {
      // Refused before the whole body arrived: the connection closes rather than reading the rest.
      if (!req.raw.complete) reply.header('connection', 'close')
      throw err
    } finally {
      release?.()
    }
  })
  route(endpoints.skipTutorial, (req) => service.skipTutorial(caller(req).userId))
  route(endpoints.useFor, (req) => service.useFor(caller(req).userId, req.body))
  route(endpoints.startWith, (req) => service.startWith(caller(req).userId, req.body))
  route(endpoints.currentChannel, (req) => service.setCurrentChannel(caller(req).userId, req.body))
  route(endpoints.updateLanguage, (req) => service.updateLanguage(caller(req).userId, req.body.language))
}
