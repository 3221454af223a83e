import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../contract'
import type { ModuleOptions } from '../../context'
import { caller } from '../../http/auth-guard'
import { routesOf } from '../../http/route'
import type { CalendarService } from './service'

/** `reminder.ics`: the title as a file name (ASCII for the plain parameter, all of it in filename*). */
function attachment(title: string): string {
  const name = `${
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, 100) || 'event'
  }.ics`
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * The calendar: reminders and tasks (create, change, status, one occurrence, delete, one event,
 * a range's occurrences), an event as an .ics file, and the private iCalendar feed: its URL, a new
 * one, and the feed itself (public: the path's token is the credential; calendar apps poll it).
 */
export const calendarRoutes: FastifyPluginAsyncZod<ModuleOptions<CalendarService>> = async (app, { ctx, service }) => {
  const route = routesOf(app, ctx)

  route(endpoints.calendarCreate, (req) => service.create(caller(req).userId, req.body))
  route(endpoints.calendarUpdate, (req) => service.update(caller(req).userId, req.body))
  route(endpoints.calendarStatus, (req) => service.status(caller(req).userId, req.body))
  route(endpoints.calendarException, (req) => service.exception(caller(req).userId, req.body))
  route(endpoints.calendarDelete, (req) => service.remove(caller(req).userId, req.body.event_id))
  route(endpoints.calendarInfo, (req) => service.info(caller(req).userId, req.query.event_id))
  route(endpoints.calendarList, (req) => service.list(caller(req).userId, req.query))
  route(endpoints.calendarIcs, async (req, reply) => {
    const file = await service.ics(caller(req).userId, req.query.event_id)
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', attachment(file.name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body)
  })
  route(endpoints.calendarFeed, (req) => service.feed(caller(req).userId))
  route(endpoints.calendarFeedReset, (req) => service.feedReset(caller(req).userId))
  route(endpoints.calendarFeedFile, async (req, reply) => {
    const body = await service.feedFile(req.params.token)
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="workroom.ics"')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body)
  })
}
