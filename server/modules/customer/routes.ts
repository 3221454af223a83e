import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints, LIMITS } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { HttpError, requiredField } from '../../http/errors'
import { routesOf } from '../../http/route'
import type { CustomerService } from './service'

/** The signed-in user's account (customer/*) and language (workid/update-language). */
export const customerRoutes: FastifyPluginAsyncZod<ModuleOptions<CustomerService>> = async (app, { ctx, service }) => {
  await app.register(multipart, { limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 10, parts: 12 } })
  const route = routesOf(app, ctx)

  route(endpoints.userInfo, (req) => service.get(caller(req).userId))
  route(endpoints.updateProfile, (req) => service.updateProfile(caller(req).userId, req.body))
  route(endpoints.avatar, async (req) => {
    const userId = caller(req).userId
    if (!req.isMultipart()) throw new HttpError(400, 'invalidInput', { file: requiredField('file') })
    const part = await req.file()
    if (!part) throw new HttpError(400, 'invalidInput', { file: requiredField('file') })
    return service.setAvatar(userId, await ctx.uploads.receive(part.filename, part.file))
  })
  route(endpoints.skipTutorial, (req) => service.skipTutorial(caller(req).userId))
  route(endpoints.useFor, (req) => service.useFor(caller(req).userId, req.body))
  route(endpoints.startWith, (req) => service.startWith(caller(req).userId, req.body))
  route(endpoints.currentChannel, (req) => service.setCurrentChannel(caller(req).userId, req.body))
  route(endpoints.updateLanguage, (req) => service.updateLanguage(caller(req).userId, req.body.language))
}
