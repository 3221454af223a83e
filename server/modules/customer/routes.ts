import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  API,
  currentChannelBody,
  errorBody,
  fcmTokenBody,
  LIMITS,
  resultOf,
  startWithBody,
  updateLanguageBody,
  updateProfileBody,
  useForBody,
  user,
} from '../../../contract'
import type { ModuleOptions } from '../../context'
import { authGuard, caller } from '../../http/auth-guard'
import { HttpError, requiredField } from '../../http/errors'
import type { CustomerService } from './service'

const tags = ['customer']
const security = [{ bearer: [] }]
const response = { 200: resultOf(user), '4xx': errorBody }

/** The signed-in user's account (customer/*) and language (workid/update-language). */
export const customerRoutes: FastifyPluginAsyncZod<ModuleOptions<CustomerService>> = async (app, { ctx, service }) => {
  await app.register(multipart, { limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 10, parts: 12 } })
  app.addHook('onRequest', authGuard(ctx.tokens))

  app.get(`/${API.userInfo}`, { schema: { tags, security, summary: 'The signed-in user', response } }, async (req) => ({
    result: await service.get(caller(req).userId),
  }))

  app.put(
    `/${API.updateProfile}`,
    { schema: { tags, security, summary: 'Update exactly one profile field', body: updateProfileBody, response } },
    async (req) => ({ result: await service.updateProfile(caller(req).userId, req.body) }),
  )

  app.post(
    `/${API.avatar}`,
    {
      schema: {
        tags,
        security,
        summary: 'Upload an avatar (multipart field `file`, JPEG or PNG by content, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response,
      },
    },
    async (req) => {
      const userId = caller(req).userId
      if (!req.isMultipart()) throw new HttpError(400, 'invalidInput', { file: requiredField('file') })
      const part = await req.file()
      if (!part) throw new HttpError(400, 'invalidInput', { file: requiredField('file') })
      return { result: await service.setAvatar(userId, await ctx.uploads.receive(part.filename, part.file)) }
    },
  )

  app.put(`/${API.skipTutorial}`, { schema: { tags, security, summary: 'Mark the tutorial as done', response } }, async (req) => ({
    result: await service.skipTutorial(caller(req).userId),
  }))

  app.put(
    `/${API.useFor}`,
    { schema: { tags, security, summary: 'Onboarding: personal or business use', body: useForBody, response } },
    async (req) => ({ result: await service.useFor(caller(req).userId, req.body) }),
  )

  app.put(
    `/${API.startWith}`,
    { schema: { tags, security, summary: 'Onboarding: company name and website', body: startWithBody, response } },
    async (req) => ({ result: await service.startWith(caller(req).userId, req.body) }),
  )

  app.put(
    `/${API.currentChannel}`,
    { schema: { tags, security, summary: 'Switch the current channel (must be a member)', body: currentChannelBody, response } },
    async (req) => ({ result: await service.setCurrentChannel(caller(req).userId, req.body) }),
  )

  app.put(
    `/${API.updateFcmToken}`,
    { schema: { tags, security, summary: 'Store the push token of this device', body: fcmTokenBody, response } },
    async (req) => ({ result: await service.updateFcmToken(caller(req).userId, req.body.fcm_token) }),
  )

  app.put(
    `/${API.updateLanguage}`,
    { schema: { tags, security, summary: 'Set the account language (en or vi)', body: updateLanguageBody, response } },
    async (req) => ({ result: await service.updateLanguage(caller(req).userId, req.body.language) }),
  )
}
