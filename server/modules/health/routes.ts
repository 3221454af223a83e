import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API, errorBody, health, resultOf } from '../../../contract'
import type { ModuleOptions } from '../../context'
import type { HealthService } from './service'

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions<HealthService>> = async (app, { service }) => {
  app.get(
    `/${API.health}`,
    { schema: { tags: ['health'], summary: 'Liveness, database and realtime backends', response: { 200: resultOf(health), '5xx': errorBody } } },
    async () => ({ result: await service.check() }),
  )
}
