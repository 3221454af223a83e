/** The customer module's public face: the account routes, the service that writes users, and `toUser`. */
export { customerRoutes } from './routes'
export { createCustomerService, type CustomerService } from './service'
export { toUser } from './user-view'
