import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { VoteService } from './service'

/** Polls: create (a message of type vote), vote, add an option, lock, and one poll's view (vote/info). */
export const voteRoutes: FastifyPluginAsyncZod<ModuleOptions<VoteService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.voteCreate, (req) => service.create(caller(req).userId, req.body))
  route(endpoints.voteOption, (req) => service.vote(caller(req).userId, req.body))
  route(endpoints.voteNewOption, (req) => service.addOption(caller(req).userId, req.body))
  route(endpoints.voteLock, (req) => service.lock(caller(req).userId, req.body.poll_id))
  route(endpoints.voteInfo, (req) => service.info(caller(req).userId, req.query.poll_id))
}
