import ical, { ICalAlarmType } from 'ical-generator'
import { offsetMinutes, type Series, toFloating } from './recurrence'
import type { EventRows } from './view'

/** An event with its occurrences, for an iCalendar file. */
export interface IcsEvent {
  rows: EventRows
  series: Series
}

/** `20240325T090000`: a floating time as iCalendar writes a local time. */
const localStamp = (floating: Date) => floating.toISOString().slice(0, 19).replace(/[-:]/g, '')
const utcStamp = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`

const WEEK = 7 * 24 * 60 * 60 * 1000
const MINUTE = 60_000
const signed = (minutes: number) => {
  const abs = Math.abs(minutes)
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`
}

/**
 * A VTIMEZONE for `zone` over the years [from, to] (RFC 5545 wants one for each TZID), from the
 * zone's offsets as the runtime's time-zone data has them: one observance at the start of the
 * range, then one per change of offset (found by the week, then to the minute), each with its
 * explicit DTSTART in the local time before it. Outside the range a reader keeps the nearest one.
 */
export function vtimezone(zone: string, from: number, to: number): string {
  const key = `${zone}|${from}|${to}`
  const known = made.get(key)
  if (known !== undefined) return known
  const text = zoneText(zone, from, to)
  if (made.size >= MADE_MAX) made.delete(made.keys().next().value!)
  made.set(key, text)
  return text
}

/** The VTIMEZONEs made lately (a zone's offsets over a range of years do not change while the server runs). */
const made = new Map<string, string>()
const MADE_MAX = 500

function zoneText(zone: string, from: number, to: number): string {
  const start = Date.UTC(from, 0, 1)
  const end = Date.UTC(to + 1, 0, 1)
  const first = offsetMinutes(new Date(start), zone)
  const changes: { at: number; before: number; after: number }[] = []
  let before = first
  for (let t = start; t < end; t += WEEK) {
    const next = Math.min(t + WEEK, end)
    const after = offsetMinutes(new Date(next), zone)
    if (after === before) continue
    // The first minute with the new offset, between t and next.
    let lo = t
    let hi = next
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE
      if (offsetMinutes(new Date(mid), zone) === before) lo = mid
      else hi = mid
    }
    changes.push({ at: hi, before, after })
    before = after
  }
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', localStart: number, from: number, to: number) =>
    [
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(new Date(localStart))}`,
      `TZOFFSETFROM:${signed(from)}`,
      `TZOFFSETTO:${signed(to)}`,
      `END:${kind}`,
    ].join('\r\n')
  const parts = [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    observance('STANDARD', start + first * MINUTE, first, first),
    ...changes.map((c) => observance(c.after > c.before ? 'DAYLIGHT' : 'STANDARD', c.at + c.before * MINUTE, c.before, c.after)),
    'END:VTIMEZONE',
  ]
  return `${parts.join('\r\n')}\r\n`
}

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
  opts: { name: string; host: string; now: Date; wallToInstant: (wall: Date, zone: string) => Date },
): string {
  // The zones' definitions from a little before the earliest event (or two years ago, if later) to ten years ahead.
  const thisYear = opts.now.getUTCFullYear()
  const earliest = Math.min(thisYear, ...events.map((e) => e.series.first().getUTCFullYear()))
  const years: [number, number] = [Math.max(earliest, thisYear - 2) - 1, thisYear + 10]
  const calendar = ical({
    name: opts.name,
    prodId: { company: 'Workroom', product: 'Calendar', language: 'EN' },
    timezone: { name: null, generator: (zone) => vtimezone(zone, ...years) },
  })
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
        // (ical-generator writes the UTC zone's times in UTC.)
        ...skipped.map((x) =>
          zone === 'UTC'
            ? `EXDATE:${utcStamp(new Date(x.occurrence))}`
            : `EXDATE;TZID=${zone}:${localStamp(toFloating(new Date(x.occurrence), zone))}`,
        ),
      ]
      main.repeating(lines.join('\n'))
      for (const x of rows.exceptions) if (x.start !== null) add(new Date(x.start), { recurrenceId: new Date(x.occurrence) })
    }
  }
  return calendar.toString()
}
