/** The email-preview module's public face. */
export { emailPreviewRoutes } from './routes'
export { createEmailPreviewService, type EmailPreviewService } from './service'
