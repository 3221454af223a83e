/** The auth module's public face. */
export { authRoutes } from './routes'
export { type AuthService, createAuthService } from './service'
