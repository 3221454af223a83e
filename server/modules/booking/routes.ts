import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { requestLanguage } from '../../http/language'
import { routesOf } from '../../http/route'
import type { BookingService } from './service'

/** Booking pages: the owner's pages and decisions, the public page, its free times, the proof of work, requests and cancels. */
export const bookingRoutes: FastifyPluginAsyncZod<ModuleOptions<BookingService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.bookingPageCreate, (req) => service.createPage(caller(req).userId, req.body))
  route(endpoints.bookingPageUpdate, (req) => service.updatePage(caller(req).userId, req.body))
  route(endpoints.bookingPageDelete, (req) => service.deletePage(caller(req).userId, req.body.page_id))
  route(endpoints.bookingPage, (req) => service.page(caller(req).userId, req.query.page_id))
  route(endpoints.bookingPages, (req) => service.pages(caller(req).userId))
  route(endpoints.bookingPublic, (req) => service.publicPage(req.query.page_id))
  route(endpoints.bookingSlots, (req) => service.slots(req.query))
  route(endpoints.bookingChallenge, () => service.challenge())
  // A guest's emails are in the language their browser asked for.
  route(endpoints.bookingRequest, (req) => service.request(req.auth?.userId ?? null, req.body, requestLanguage(req)))
  route(endpoints.bookingDecide, (req) => service.decide(caller(req).userId, req.body))
  route(endpoints.bookingCancel, (req) => service.cancel(caller(req).userId, req.body.booking_id))
  route(endpoints.bookingCancelGuest, (req) => service.cancelGuest(req.body.booking_id, req.body.token))
  route(endpoints.bookingInfo, (req) => service.info(caller(req).userId, req.query.booking_id))
  route(endpoints.bookingList, (req) => service.list(caller(req).userId, req.query))
}
