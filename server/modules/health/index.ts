/** The health module's public face. */
export { healthRoutes } from './routes'
export { createHealthService, type HealthService } from './service'
