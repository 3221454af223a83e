import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  API,
  channel,
  channelCreateBody,
  channelIdQuery,
  channelInfo,
  channelJoinBody,
  channelPage,
  channelPageQuery,
  channelRoleBody,
  channelSearchQuery,
  errorBody,
  label,
  labelCreateBody,
  labelDeleteBody,
  member,
  resultOf,
  suggestDescriptionBody,
  suggestion,
} from '../../../contract'
import type { ModuleOptions } from '../../context'
import { authGuard, caller } from '../../http/auth-guard'
import { signedInSchema } from '../../http/route-schema'
import { requestLanguage } from '../../http/language'
import { bearerToken } from '../../auth/tokens'
import type { ChannelService } from './service'

const s = signedInSchema('channel')
const one = { 200: resultOf(channel), '4xx': errorBody }

/** GET channel/info: for anyone (public channel pages); a valid token adds the caller's role and the members' roles. */
export const channelPublicRoutes: FastifyPluginAsyncZod<ModuleOptions<ChannelService>> = async (app, { ctx, service }) => {
  app.get(`/${API.channelInfo}`, s('A channel’s card for anyone; members also get everyone’s roles', { querystring: channelIdQuery }, { 200: resultOf(channelInfo), '4xx': errorBody }), async (req) => {
    const token = bearerToken(req.headers.authorization)
    const auth = token ? await ctx.tokens.authenticate(token) : null
    return { result: await service.info(req.query.channel_id, auth?.userId ?? null) }
  })
}

/** Channels of the signed-in user: create, search, join, members and roles, labels, the description writer. */
export const channelRoutes: FastifyPluginAsyncZod<ModuleOptions<ChannelService>> = async (app, { ctx, service }) => {
  app.addHook('onRequest', authGuard(ctx.tokens))

  app.get(`/${API.channelList}`, s('Public channels by name, id or referral link, 20 per page', { querystring: channelSearchQuery }, { 200: resultOf(z.array(channel)), '4xx': errorBody }), async (req) => ({
    result: await service.search(caller(req).userId, req.query.keyword, req.query.page),
  }))
  app.post(`/${API.channelCreate}`, s('Create a channel (plan quota of administered channels); the creator is owner', { body: channelCreateBody }, one), async (req) => ({
    result: await service.create(caller(req).userId, req.body),
  }))
  app.get(`/${API.myChannel}`, s('The caller’s channels with their role', {}, { 200: resultOf(z.array(channel)), '4xx': errorBody }), async (req) => ({
    result: await service.mine(caller(req).userId),
  }))
  app.get(`/${API.channelPage}`, s('A channel and its members with roles, 20 per page (members only)', { querystring: channelPageQuery }, { 200: resultOf(channelPage), '4xx': errorBody }), async (req) => ({
    result: await service.page(caller(req).userId, req.query.channel_id, req.query.page),
  }))
  app.post(`/${API.channelJoin}`, s('Join a public channel, or a private one with its password', { body: channelJoinBody }, one), async (req) => ({
    result: await service.join(caller(req).userId, req.body),
  }))
  app.put(`/${API.channelRole}`, s('Make a member admin or member (owner or admin; not the owner, not oneself)', { body: channelRoleBody }, { 200: resultOf(member), '4xx': errorBody }), async (req) => ({
    result: await service.setRole(caller(req).userId, req.body),
  }))
  app.get(`/${API.channelLabel}`, s('The channel’s labels (members)', { querystring: channelIdQuery }, { 200: resultOf(z.array(label)), '4xx': errorBody }), async (req) => ({
    result: await service.labels(caller(req).userId, req.query.channel_id),
  }))
  app.post(`/${API.channelLabel}`, s('Add a label (admins)', { body: labelCreateBody }, { 200: resultOf(label), '4xx': errorBody }), async (req) => ({
    result: await service.addLabel(caller(req).userId, req.body),
  }))
  app.delete(`/${API.channelLabel}`, s('Delete a label (admins)', { body: labelDeleteBody }, { 200: resultOf(z.object({ label_id: z.string() })), '4xx': errorBody }), async (req) => {
    await service.removeLabel(caller(req).userId, req.body.label_id)
    return { result: { label_id: req.body.label_id } }
  })
  app.post(
    `/${API.suggestDescription}`,
    s('A fuller channel description from a short one (AI endpoint when configured, else the offline writer)', { body: suggestDescriptionBody }, { 200: resultOf(suggestion), '4xx': errorBody, '5xx': errorBody }),
    async (req) => ({ result: await service.suggestDescription(req.body.description, requestLanguage(req)) }),
  )
}
