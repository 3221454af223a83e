import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { RelatesService } from './service'

/** Friends, contacts, the archived friends and blocking: relates/*, workid/customer, workid/list-friends, contact. */
export const relatesRoutes: FastifyPluginAsyncZod<ModuleOptions<RelatesService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.personLookup, (req) => service.person(caller(req).userId, req.query))
  route(endpoints.addFriend, (req) => service.addFriend(caller(req).userId, req.body.customer_id))
  route(endpoints.cancelFriend, (req) => service.cancelFriend(caller(req).userId, req.body.customer_id))
  route(endpoints.acceptFriend, (req) => service.acceptFriend(caller(req).userId, req.body.customer_id))
  route(endpoints.rejectFriend, (req) => service.rejectFriend(caller(req).userId, req.body.customer_id))
  route(endpoints.unfriend, (req) => service.unfriend(caller(req).userId, req.body.customer_id))
  route(endpoints.blockPerson, (req) => service.block(caller(req).userId, req.body.customer_id))
  route(endpoints.unblockPerson, (req) => service.unblock(caller(req).userId, req.body.customer_id))
  route(endpoints.friendRequests, (req) => service.requests(caller(req).userId, req.query.page))
  route(endpoints.blockedPeople, (req) => service.blocked(caller(req).userId, req.query.page))
  route(endpoints.listFriends, (req) => service.friends(caller(req).userId))
  route(endpoints.contactList, (req) => service.contacts(caller(req).userId, req.query.page))
  route(endpoints.archiveFriend, (req) => service.archive(caller(req).userId, req.body.customer_id))
  route(endpoints.unarchiveFriend, (req) => service.unarchive(caller(req).userId, req.body.customer_id))
  route(endpoints.archivedFriends, (req) => service.archived(caller(req).userId, req.query.page))
}
