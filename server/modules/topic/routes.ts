import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { TopicService } from './service'

/** Topics: the caller's list, group chats in channels, 1:1 chats, members and group settings. */
export const topicRoutes: FastifyPluginAsyncZod<ModuleOptions<TopicService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.topicRecent, (req) => service.recent(caller(req).userId, req.query.page))
  route(endpoints.topicInChannel, (req) => service.inChannel(caller(req).userId, req.query.channel_id, req.query.page))
  route(endpoints.channelTopic, (req) => service.inChannel(caller(req).userId, req.query.channel_id, 1))
  route(endpoints.channelPin, (req) => service.pinned(caller(req).userId))
  route(endpoints.topicInfo, (req) => service.info(caller(req).userId, req.query.topic_id))
  route(endpoints.topicChatFriend, (req) => service.chatFriend(caller(req).userId, req.query))
  route(endpoints.addTopic, (req) => service.addTopic(caller(req).userId, req.body))
  route(endpoints.topicMemberAdd, (req) => service.addMembers(caller(req).userId, req.body))
  route(endpoints.topicMemberRemove, async (req) => {
    await service.removeMember(caller(req).userId, req.body.topic_id, req.body.customer_id)
    return { topic_id: req.body.topic_id }
  })
  route(endpoints.topicRename, (req) => service.rename(caller(req).userId, req.body))
  route(endpoints.topicImage, (req) => service.setImage(caller(req).userId, req.body))
  route(endpoints.topicPermission, (req) => service.setPermission(caller(req).userId, req.body))
  route(endpoints.topicLabel, (req) => service.setLabel(caller(req).userId, req.body))
  route(endpoints.topicPin, (req) => service.setOwn(caller(req).userId, req.body.topic_id, { isPin: 1, pinnedAt: new Date() }))
  route(endpoints.topicUnpin, (req) => service.setOwn(caller(req).userId, req.body.topic_id, { isPin: 0, pinnedAt: null }))
  route(endpoints.topicHide, (req) => service.setOwn(caller(req).userId, req.body.topic_id, { hidden: 1 }))
  route(endpoints.topicUnhide, (req) => service.setOwn(caller(req).userId, req.body.topic_id, { hidden: 0 }))
  route(endpoints.topicHidden, (req) => service.hidden(caller(req).userId, req.query.page))
  route(endpoints.channelSeen, (req) => service.seenEntries(caller(req).userId))
  route(endpoints.topicSeen, (req) => service.setOwn(caller(req).userId, req.body.topic_id, { isSeen: req.body.is_seen }))
}
