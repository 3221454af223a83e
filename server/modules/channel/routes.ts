import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { requestLanguage } from '../../http/language'
import { routesOf } from '../../http/route'
import type { ChannelService } from './service'

/** GET channel/info: for anyone (public channel pages); a valid token adds the caller's role and the members' roles. */
export const channelPublicRoutes: FastifyPluginAsyncZod<ModuleOptions<ChannelService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)
  route(endpoints.channelInfo, (req) => service.info(req.query.channel_id, req.auth?.userId ?? null))
}

/** Channels of the signed-in user: create, search, join and leave, members (roles, removal), labels, the description writer. */
export const channelRoutes: FastifyPluginAsyncZod<ModuleOptions<ChannelService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.channelList, (req) => service.search(caller(req).userId, req.query.keyword, req.query.page))
  route(endpoints.channelCreate, (req) => service.create(caller(req).userId, req.body))
  route(endpoints.myChannel, (req) => service.mine(caller(req).userId))
  route(endpoints.channelPage, (req) => service.page(caller(req).userId, req.query.channel_id, req.query.page))
  route(endpoints.channelJoin, (req) => service.join(caller(req).userId, req.body))
  route(endpoints.channelRole, (req) => service.setRole(caller(req).userId, req.body))
  route(endpoints.channelMemberRemove, async (req) => {
    await service.removeMember(caller(req).userId, req.body)
    return { channel_id: req.body.channel_id, customer_id: req.body.customer_id }
  })
  route(endpoints.channelLeave, async (req) => {
    await service.leave(caller(req).userId, req.body)
    return { channel_id: req.body.channel_id }
  })
  route(endpoints.channelLabels, (req) => service.labels(caller(req).userId, req.query.channel_id))
  route(endpoints.channelLabelAdd, (req) => service.addLabel(caller(req).userId, req.body))
  route(endpoints.channelLabelDelete, async (req) => {
    await service.removeLabel(caller(req).userId, req.body.label_id)
    return { label_id: req.body.label_id }
  })
  route(endpoints.suggestDescription, (req) => service.suggestDescription(req.body.description, requestLanguage(req)))
}
