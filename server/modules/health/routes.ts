import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { routesOf } from '../../http/route'
import type { HealthService } from './service'

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions<HealthService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)
  route(endpoints.health, () => service.check())
}
