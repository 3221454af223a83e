import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import { bearerToken } from '../../auth/tokens'
import type { ModuleOptions } from '../../context'
import { routesOf } from '../../http/route'
import type { MeetingService } from './service'

/** Instant meetings: call-open/create, detail, join (guests too) and host (the host's room token). */
export const meetingRoutes: FastifyPluginAsyncZod<ModuleOptions<MeetingService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)
  route(endpoints.meetingCreate, (req) => service.create(req.auth?.userId ?? null, req.body))
  route(endpoints.meetingDetail, (req) => service.detail(req.params.code))
  route(endpoints.meetingJoin, (req) => service.join(req.auth?.userId ?? null, req.body))
  route(endpoints.meetingHost, (req) => service.host(bearerToken(req.headers.authorization), req.body))
}
