import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  API,
  addMembersBody,
  addTopicBody,
  chatFriendQuery,
  channelIdQuery,
  errorBody,
  pageQuery,
  removeMemberBody,
  renameTopicBody,
  resultOf,
  seenBody,
  seenEntry,
  topic,
  topicIdBody,
  topicIdQuery,
  topicInChannelQuery,
  topicInfo,
  topicLabelBody,
  topicImageBody,
  topicPermissionBody,
} from '../../../contract'
import type { ModuleOptions } from '../../context'
import { authGuard, caller } from '../../http/auth-guard'
import { signedInSchema } from '../../http/route-schema'
import type { TopicService } from './service'

const one = { 200: resultOf(topic), '4xx': errorBody }
const list = { 200: resultOf(z.array(topic)), '4xx': errorBody }
const info = { 200: resultOf(topicInfo), '4xx': errorBody }
const s = signedInSchema('topic')

/** Topics: the caller's list, group chats in channels, 1:1 chats, members and group settings. */
export const topicRoutes: FastifyPluginAsyncZod<ModuleOptions<TopicService>> = async (app, { ctx, service }) => {
  app.addHook('onRequest', authGuard(ctx.tokens))

  app.get(`/${API.topicRecent}`, s('The caller’s topics, 20 per page: pinned first, then by latest message', { querystring: pageQuery }, list), async (req) => ({
    result: await service.recent(caller(req).userId, req.query.page),
  }))
  app.get(`/${API.topicInChannel}`, s('The caller’s group topics in a channel (channel members only)', { querystring: topicInChannelQuery }, list), async (req) => ({
    result: await service.inChannel(caller(req).userId, req.query.channel_id, req.query.page),
  }))
  app.get(`/${API.channelTopic}`, s('Page 1 of the caller’s group topics in a channel', { querystring: channelIdQuery }, list), async (req) => ({
    result: await service.inChannel(caller(req).userId, req.query.channel_id, 1),
  }))
  app.get(`/${API.channelPin}`, s('The caller’s pinned topics', {}, list), async (req) => ({ result: await service.pinned(caller(req).userId) }))
  app.get(`/${API.topicInfo}`, s('A topic and its members (members only)', { querystring: topicIdQuery }, info), async (req) => ({
    result: await service.info(caller(req).userId, req.query.topic_id),
  }))
  app.get(`/${API.topicChatFriend}`, s('The 1:1 chat with a person (by customer_id or workid), made on first use', { querystring: chatFriendQuery }, one), async (req) => ({
    result: await service.chatFriend(caller(req).userId, req.query),
  }))
  app.post(`/${API.addTopic}`, s('Create a group topic in a channel with channel members', { body: addTopicBody }, one), async (req) => ({
    result: await service.addTopic(caller(req).userId, req.body),
  }))
  app.post(`/${API.topicMember}`, s('Add channel members to a group (add_member setting)', { body: addMembersBody }, info), async (req) => ({
    result: await service.addMembers(caller(req).userId, req.body),
  }))
  app.delete(
    `/${API.topicMember}`,
    s('Remove a member (remove_member setting) or leave; the removed user gets OUT_TOPIC', { body: removeMemberBody }, { 200: resultOf(z.object({ topic_id: z.string() })), '4xx': errorBody }),
    async (req) => {
      await service.removeMember(caller(req).userId, req.body.topic_id, req.body.customer_id)
      return { result: { topic_id: req.body.topic_id } }
    },
  )
  app.put(`/${API.topicRename}`, s('Rename a group (edit_name setting)', { body: renameTopicBody }, one), async (req) => ({
    result: await service.rename(caller(req).userId, req.body),
  }))
  app.put(`/${API.topicImage}`, s('Set or remove a group’s picture (edit_image setting)', { body: topicImageBody }, one), async (req) => ({
    result: await service.setImage(caller(req).userId, req.body),
  }))
  app.put(`/${API.topicPermission}`, s('Restrict group settings to admins (topic admins only)', { body: topicPermissionBody }, one), async (req) => ({
    result: await service.setPermission(caller(req).userId, req.body),
  }))
  app.put(`/${API.topicLabel}`, s('Label a group with one of its channel’s labels (topic admins only)', { body: topicLabelBody }, one), async (req) => ({
    result: await service.setLabel(caller(req).userId, req.body),
  }))
  app.put(`/${API.topicPin}`, s('Pin a topic in the caller’s list', { body: topicIdBody }, one), async (req) => ({
    result: await service.setOwn(caller(req).userId, req.body.topic_id, { isPin: 1, pinnedAt: new Date() }),
  }))
  app.put(`/${API.topicUnpin}`, s('Unpin a topic in the caller’s list', { body: topicIdBody }, one), async (req) => ({
    result: await service.setOwn(caller(req).userId, req.body.topic_id, { isPin: 0, pinnedAt: null }),
  }))
  app.put(`/${API.topicHide}`, s('Hide a topic from the caller’s list until its next message', { body: topicIdBody }, one), async (req) => ({
    result: await service.setOwn(caller(req).userId, req.body.topic_id, { hidden: 1 }),
  }))
  app.get(`/${API.channelSeen}`, s('Unseen topics per channel of the caller (channel_id null: 1:1 chats)', {}, { 200: resultOf(z.array(seenEntry)), '4xx': errorBody }), async (req) => ({
    result: await service.seenEntries(caller(req).userId),
  }))
  app.put(`/${API.channelSeen}`, s('Mark one of the caller’s topics seen or unseen', { body: seenBody }, one), async (req) => ({
    result: await service.setOwn(caller(req).userId, req.body.topic_id, { isSeen: req.body.is_seen }),
  }))
}
