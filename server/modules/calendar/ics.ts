import ical, { ICalAlarmType } from 'ical-generator'
import { type Series, toFloating } from './recurrence'
import type { EventRows } from './view'

/** An event with its occurrences, for an iCalendar file. */
export interface IcsEvent {
  rows: EventRows
  series: Series
}

/** `20240325T090000`: a floating time as iCalendar writes a local time. */
const localStamp = (floating: Date) => floating.toISOString().slice(0, 19).replace(/[-:]/g, '')
const utcStamp = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`

/**
 * The stored rule as RFC 5545 wants it beside a DTSTART with a TZID: UNTIL in UTC (a date alone
 * lasts to the end of that day in the event's zone; a time without Z is the zone's wall clock).
 */
function ruleForIcs(rule: string, wallToInstant: (wall: Date) => Date): string {
  return rule.replace(/UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?/, (_all, y, mo, d, h, mi, s, z) => {
    const wall = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 23), Number(mi ?? 59), Number(s ?? 59)))
    return `UNTIL=${utcStamp(z === 'Z' ? wall : wallToInstant(wall))}`
  })
}

/**
 * Events as one iCalendar text: each as a VEVENT in its own time zone (DTSTART;TZID=...), a
 * repeating one with its RRULE from its first occurrence, EXDATE for each skipped occurrence and a
 * VEVENT with RECURRENCE-ID for each moved one; a VALARM remind_minutes before. Times are written as
 * the zone's wall clock (ical-generator takes a Date's UTC fields as that when a zone is set).
 */
export function toIcs(
  events: readonly IcsEvent[],
  opts: { name: string; host: string; wallToInstant: (wall: Date, zone: string) => Date },
): string {
  const calendar = ical({ name: opts.name, prodId: { company: 'Workroom', product: 'Calendar', language: 'EN' } })
  for (const { rows, series } of events) {
    const { event } = rows
    const zone = event.timeZone
    const uid = `${event.id}@${opts.host}`
    const duration = event.endAt ? event.endAt.getTime() - event.startAt.getTime() : null
    const first = series.first()
    const common = {
      id: uid,
      summary: event.title,
      description: event.note || null,
      timezone: zone,
      stamp: event.updatedAt,
      created: event.createdAt,
      lastModified: event.updatedAt,
    }
    const add = (start: Date, extra: { recurrenceId?: Date }) => {
      const vevent = calendar.createEvent({
        ...common,
        start: toFloating(start, zone),
        end: duration === null ? null : toFloating(new Date(start.getTime() + duration), zone),
        ...(extra.recurrenceId && { recurrenceId: toFloating(extra.recurrenceId, zone) }),
      })
      vevent.createAlarm({ type: ICalAlarmType.display, trigger: event.remindMinutes * 60, description: event.title })
      return vevent
    }
    const main = add(first, {})
    if (series.repeats && event.rrule) {
      const skipped = rows.exceptions.filter((x) => x.start === null)
      const lines = [
        `RRULE:${ruleForIcs(event.rrule, (wall) => opts.wallToInstant(wall, zone))}`,
        ...skipped.map((x) => `EXDATE;TZID=${zone}:${localStamp(toFloating(new Date(x.occurrence), zone))}`),
      ]
      main.repeating(lines.join('\n'))
      for (const x of rows.exceptions) if (x.start !== null) add(new Date(x.start), { recurrenceId: new Date(x.occurrence) })
    }
  }
  return calendar.toString()
}
