import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { createJsonSchemaTransform } from 'fastify-type-provider-zod'
import type { Config } from '../config'

export const DOCS_PREFIX = '/api/docs'

/**
 * OpenAPI from the routes' contract schemas at /api/docs/json, browsable (offline) at /api/docs.
 * Not served in production: the API's map is for developers.
 */
export async function installOpenApi(app: FastifyInstance, config: Pick<Config, 'production'>) {
  if (config.production) return
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Workroom API', version: '0.1.0', description: 'Success: `{result}`. Error: `{message, errors?}`.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  })
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, deepLinking: true },
    staticCSP: false,
  })
}
