import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { routesOf } from '../../http/route'
import { createHealthService } from './service'

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const service = createHealthService(ctx)
  const route = routesOf(app, ctx)
  route(endpoints.health, () => service.check())
}
