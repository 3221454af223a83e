import { zonedInstant, zonedParts } from './zoned-time'

/**
 * A reminder's repeat, as the form offers it, and the RFC 5545 RRULE value it makes (contract's
 * `rruleValue`: no DTSTART, no "RRULE:" prefix). The presets repeat on the start's own weekday or
 * day of the month; custom is an interval of days, weeks (on chosen weekdays), months or years,
 * ending never, after a number of times (COUNT) or on a day (UNTIL, the end of that day in the
 * reminder's time zone).
 */
export const REPEATS = ['none', 'daily', 'weekly', 'monthly', 'custom'] as const
export type Repeat = (typeof REPEATS)[number]
export const REPEAT_UNITS = ['day', 'week', 'month', 'year'] as const
export type RepeatUnit = (typeof REPEAT_UNITS)[number]
/** RFC 5545 weekdays, Monday first (BYDAY lists them in this order). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export const REPEAT_ENDS = ['never', 'count', 'until'] as const
export type RepeatEnds = (typeof REPEAT_ENDS)[number]

export const INTERVAL_MAX = 99
export const COUNT_MAX = 999

/** The form's repeat fields (numbers as typed). */
export interface RepeatChoice {
  repeat: Repeat
  interval: string
  unit: RepeatUnit
  weekdays: Weekday[]
  ends: RepeatEnds
  count: string
  /** 'YYYY-MM-DD', '' for none yet. */
  until: string
}

export const NO_REPEAT: RepeatChoice = { repeat: 'none', interval: '1', unit: 'week', weekdays: [], ends: 'never', count: '10', until: '' }

const FREQ: Record<RepeatUnit, string> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' }
const UNIT_OF: Record<string, RepeatUnit> = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }

/** A whole number from the text, or null. */
export function wholeNumber(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null
}

export type RepeatProblem = 'interval' | 'count' | 'until' | null

/** What keeps a custom repeat from being a rule (the presets always are one). */
export function repeatProblem(choice: RepeatChoice, startDate: string): RepeatProblem {
  if (choice.repeat !== 'custom') return null
  const interval = wholeNumber(choice.interval)
  if (interval === null || interval < 1 || interval > INTERVAL_MAX) return 'interval'
  if (choice.ends === 'count') {
    const count = wholeNumber(choice.count)
    if (count === null || count < 1 || count > COUNT_MAX) return 'count'
  }
  if (choice.ends === 'until' && (!/^\d{4}-\d{2}-\d{2}$/.test(choice.until) || choice.until < startDate)) return 'until'
  return null
}

const compact = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')

/**
 * The RRULE value of the choice; null for none. Custom: FREQ, BYDAY (weeks only, Monday first),
 * INTERVAL (when not 1), then COUNT or UNTIL; e.g. FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2;COUNT=10.
 * Assumes `repeatProblem` found nothing.
 */
export function rruleOf(choice: RepeatChoice, timeZone: string): string | null {
  switch (choice.repeat) {
    case 'none':
      return null
    case 'daily':
      return 'FREQ=DAILY'
    case 'weekly':
      return 'FREQ=WEEKLY'
    case 'monthly':
      return 'FREQ=MONTHLY'
    case 'custom': {
      const parts = [`FREQ=${FREQ[choice.unit]}`]
      if (choice.unit === 'week' && choice.weekdays.length > 0)
        parts.push(`BYDAY=${WEEKDAYS.filter((day) => choice.weekdays.includes(day)).join(',')}`)
      const interval = wholeNumber(choice.interval) ?? 1
      if (interval !== 1) parts.push(`INTERVAL=${interval}`)
      if (choice.ends === 'count') parts.push(`COUNT=${wholeNumber(choice.count) ?? 1}`)
      if (choice.ends === 'until') {
        // The last moment of that day on the reminder's clocks.
        const end = zonedInstant(choice.until, '23:59', timeZone)
        if (end !== null) parts.push(`UNTIL=${compact(new Date(end + 59_000).toISOString())}`)
      }
      return parts.join(';')
    }
  }
}

/** A rule's parts that this calendar reads. */
export interface RepeatRule {
  unit: RepeatUnit
  interval: number
  weekdays: Weekday[]
  count: number | null
  /** ISO instant. */
  until: string | null
  /** Parts the form does not make (kept as they are unless the repeat is changed). */
  other: string[]
}

const UNTIL = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/

/** The RRULE value's parts; null when it is none or not a FREQ rule. */
export function parseRrule(value: string | null): RepeatRule | null {
  if (!value) return null
  const fields = new Map(value.split(';').map((part) => part.split('=') as [string, string]))
  const unit = UNIT_OF[fields.get('FREQ') ?? '']
  if (!unit) return null
  const until = UNTIL.exec(fields.get('UNTIL') ?? '')
  return {
    unit,
    interval: Number(fields.get('INTERVAL') ?? 1) || 1,
    weekdays: (fields.get('BYDAY') ?? '').split(',').filter((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day)),
    count: fields.has('COUNT') ? Number(fields.get('COUNT')) : null,
    until: until
      ? new Date(
          Date.UTC(
            Number(until[1]),
            Number(until[2]) - 1,
            Number(until[3]),
            Number(until[4] ?? 0),
            Number(until[5] ?? 0),
            Number(until[6] ?? 0),
          ),
        ).toISOString()
      : null,
    other: [...fields.keys()].filter((key) => !['FREQ', 'INTERVAL', 'BYDAY', 'COUNT', 'UNTIL'].includes(key)),
  }
}

/** The form's repeat fields for an event's rule (a preset when it is exactly one). */
export function choiceOf(rrule: string | null, timeZone: string): RepeatChoice {
  if (rrule === null) return { ...NO_REPEAT }
  if (rrule === 'FREQ=DAILY') return { ...NO_REPEAT, repeat: 'daily' }
  if (rrule === 'FREQ=WEEKLY') return { ...NO_REPEAT, repeat: 'weekly' }
  if (rrule === 'FREQ=MONTHLY') return { ...NO_REPEAT, repeat: 'monthly' }
  const rule = parseRrule(rrule)
  if (rule === null) return { ...NO_REPEAT }
  return {
    repeat: 'custom',
    interval: String(rule.interval),
    unit: rule.unit,
    weekdays: rule.weekdays,
    ends: rule.count !== null ? 'count' : rule.until !== null ? 'until' : 'never',
    count: rule.count !== null ? String(rule.count) : NO_REPEAT.count,
    until: rule.until !== null ? zonedParts(rule.until, timeZone).date : '',
  }
}
