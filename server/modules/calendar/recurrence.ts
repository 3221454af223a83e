import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import rrulePackage, { type Options as RRuleOptions, type RRule as RRuleType } from 'rrule'

dayjs.extend(utc)
dayjs.extend(timezone)

// rrule ships CommonJS to Node (its ES build is for bundlers): its classes come off the default export.
const { RRule } = rrulePackage

/**
 * Recurrence (RFC 5545 RRULE through the rrule library), expanded in the event's time zone so a
 * daylight-saving change keeps the wall-clock time: the start becomes a "floating" time (a Date
 * whose UTC fields are the wall-clock fields in the zone), the rule runs on floating times, and
 * each occurrence becomes a real instant in the zone again.
 *
 * A rule is checked before it is kept (`compileRule`): only the parts a calendar rule needs, each
 * value in its range, and one that happens at least once. The library walks period by period until
 * it finds a date, so a rule that can never happen (the 30th of February) would walk to the year
 * 9999 (seconds of CPU); the check runs the same pattern from a start moved by whole 400-year
 * Gregorian cycles to just before that end, where it meets every phase of the pattern in a bounded
 * walk (a few hundred thousand days at most), and refuses the rule when nothing comes. A rule that
 * passed finds its next date within one cycle, so every later walk is bounded too.
 */

const DAY = 24 * 60 * 60 * 1000
/** The earliest and latest instant an event's times may take (a bound on every walk from its start). */
export const EARLIEST = Date.UTC(1970, 0, 1)
export const LATEST = Date.UTC(2100, 0, 1)
/** The largest INTERVAL: the check's walk covers INTERVAL Gregorian cycles (400 years each) before 9999. */
export const INTERVAL_MAX = 20
const MAX_YEAR = 9999
const CYCLE_YEARS = 400
const FAR = new Date(Date.UTC(MAX_YEAR, 11, 31, 23, 59, 59))

/** A rule the calendar does not take: its message for the `rrule` field. */
export class RuleError extends Error {
  constructor(
    message: string,
    readonly vi: string,
  ) {
    super(message)
    this.name = 'RuleError'
  }
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']

const intIn = (text: string, min: number, max: number, signed = false): boolean => {
  if (!(signed ? /^[+-]?\d{1,3}$/ : /^\d{1,4}$/).test(text)) return false
  const n = Number(text)
  return Math.abs(n) >= min && Math.abs(n) <= max && (min > 0 ? n !== 0 : true)
}
const listOf = (value: string, each: (item: string) => boolean) => value.split(',').every((item) => item !== '' && each(item))

/** An UNTIL value: a date, or a date-time (UTC with Z, else the event's wall clock). */
const untilPattern = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/

/**
 * The parts of RRULE the calendar reads, with the values each takes. BYHOUR, BYMINUTE and BYSECOND
 * are not among them: an occurrence's time of day is its start's.
 */
function checkParts(rule: string): Map<string, string> {
  const parts = new Map<string, string>()
  for (const part of rule.split(';')) {
    const [key, value, ...rest] = part.split('=')
    if (!key || value === undefined || rest.length) throw new RuleError('Not a repeat rule', 'Quy tắc lặp không hợp lệ')
    if (parts.has(key)) throw new RuleError(`${key} is given twice`, `${key} xuất hiện hai lần`)
    parts.set(key, value)
  }
  const freq = parts.get('FREQ')
  if (!freq || !['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(freq))
    throw new RuleError('Repeat daily, weekly, monthly or yearly', 'Chỉ lặp theo ngày, tuần, tháng hoặc năm')
  const bad = (key: string) => new RuleError(`${key} is not valid here`, `${key} không hợp lệ`)
  for (const [key, value] of parts) {
    switch (key) {
      case 'FREQ':
        break
      case 'INTERVAL':
        if (!intIn(value, 1, INTERVAL_MAX)) throw bad(key)
        break
      case 'COUNT':
        if (!intIn(value, 1, 9999)) throw bad(key)
        break
      case 'UNTIL': {
        const m = untilPattern.exec(value)
        if (!m) throw bad(key)
        const [, y, mo, d, h = '00', mi = '00', s = '00'] = m
        const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)))
        if (
          date.getUTCFullYear() !== Number(y) ||
          date.getUTCMonth() !== Number(mo) - 1 ||
          date.getUTCDate() !== Number(d) ||
          date.getUTCHours() !== Number(h) ||
          date.getUTCMinutes() !== Number(mi) ||
          date.getUTCSeconds() !== Number(s)
        )
          throw bad(key)
        break
      }
      case 'BYDAY': {
        // An ordinal (the 2nd Monday, the last Friday) counts within a month or a year only.
        const maxOrdinal = freq === 'MONTHLY' || (freq === 'YEARLY' && parts.has('BYMONTH')) ? 5 : freq === 'YEARLY' ? 53 : 0
        const ok = listOf(value, (item) => {
          const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item)
          if (!m) return false
          return m[1] === undefined || (maxOrdinal > 0 && intIn(m[1], 1, maxOrdinal, true))
        })
        if (!ok) throw bad(key)
        break
      }
      case 'BYMONTHDAY':
        if (!listOf(value, (item) => intIn(item, 1, 31, true))) throw bad(key)
        break
      case 'BYMONTH':
        if (!listOf(value, (item) => intIn(item, 1, 12))) throw bad(key)
        break
      case 'BYYEARDAY':
        if (freq !== 'YEARLY' || !listOf(value, (item) => intIn(item, 1, 366, true))) throw bad(key)
        break
      case 'BYWEEKNO':
        if (freq !== 'YEARLY' || !listOf(value, (item) => intIn(item, 1, 53, true))) throw bad(key)
        break
      case 'BYSETPOS':
        if (!parts.has('BYDAY') && !parts.has('BYMONTHDAY')) throw bad(key)
        if (!listOf(value, (item) => intIn(item, 1, 366, true))) throw bad(key)
        break
      case 'WKST':
        if (!WEEKDAYS.includes(value)) throw bad(key)
        break
      default:
        throw new RuleError(`${key} is not read here`, `Không hỗ trợ ${key}`)
    }
  }
  if (parts.has('COUNT') && parts.has('UNTIL'))
    throw new RuleError('Give COUNT or UNTIL, not both', 'Chỉ dùng COUNT hoặc UNTIL, không dùng cả hai')
  return parts
}

/** The wall-clock time of `instant` in `zone`, as a floating Date (its UTC fields are the wall-clock fields). */
export function toFloating(instant: Date, zone: string): Date {
  const local = dayjs(instant).tz(zone)
  const floating = new Date(0)
  floating.setUTCFullYear(local.year(), local.month(), local.date())
  floating.setUTCHours(local.hour(), local.minute(), local.second(), local.millisecond())
  return floating
}

/** The zone's offset from UTC at `instant`, in minutes (east positive). */
export const offsetMinutes = (instant: Date, zone: string): number => dayjs(instant).tz(zone).utcOffset()

/** The instant a floating wall-clock time is in `zone` (in a spring-forward gap: shifted forward by the gap). */
export function fromFloating(floating: Date, zone: string): Date {
  return dayjs.tz(floating.toISOString().slice(0, 23), zone).toDate()
}

/** The rule's options over a floating start; UNTIL as the event's wall clock. */
function optionsOf(parts: Map<string, string>, rule: string, dtstart: Date, zone: string): Partial<RRuleOptions> {
  let parsed: Partial<RRuleOptions>
  try {
    parsed = RRule.parseString(rule)
  } catch {
    throw new RuleError('Not a repeat rule', 'Quy tắc lặp không hợp lệ')
  }
  const options: Partial<RRuleOptions> = { ...parsed, dtstart, tzid: null }
  const until = parts.get('UNTIL')
  if (until) {
    const [, y, mo, d, h, mi, s, z] = untilPattern.exec(until)!
    const wall = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 23), Number(mi ?? 59), Number(s ?? 59)))
    // A UTC time is an instant: its wall-clock time in the zone; a date alone lasts to its end.
    options.until = z === 'Z' ? toFloating(wall, zone) : h === undefined ? new Date(wall.getTime() + 999) : wall
  }
  return options
}

/**
 * Whether the pattern (no COUNT, no UNTIL) ever happens: walked from the start moved by whole
 * 400-year cycles (the Gregorian calendar repeats exactly) to between INTERVAL and INTERVAL + 1
 * cycles before the year 9999, where the library's walk ends; INTERVAL cycles hold every phase.
 */
function everHappens(options: Partial<RRuleOptions>, dtstart: Date): boolean {
  const span = CYCLE_YEARS * (options.interval ?? 1)
  const year = dtstart.getUTCFullYear()
  const moved = new Date(dtstart.getTime())
  moved.setUTCFullYear(year + Math.floor((MAX_YEAR - span - year) / CYCLE_YEARS) * CYCLE_YEARS)
  return new RRule({ ...options, dtstart: moved, count: null, until: null }, true).after(moved, true) !== null
}

/** A checked rule over an event's start and zone. */
export interface CompiledRule {
  rule: RRuleType
  zone: string
  /** The first occurrence (floating). */
  first: Date
  /** The options it was made of (floating DTSTART). */
  options: Partial<RRuleOptions>
}

/**
 * A rule with the same occurrences from `from` (floating) on, whose walk starts just before it: the
 * library walks every period from DTSTART, so an old daily event would cost a step a day of its
 * age on every read. A rule without COUNT repeating daily, weekly or monthly starts over, identical,
 * after any whole number of its intervals (the defaults DTSTART gives are spelled out first: a
 * weekly rule's weekday survives whole weeks; a monthly rule's day of the month is written into it,
 * and the new start is the 1st of its month at the same time). COUNT counts from DTSTART, and a
 * yearly rule walks a year a step: those keep their start.
 */
/** Whether the rule names its days: else the library takes them from DTSTART (a weekly rule its weekday, a monthly one its day). */
const explicitDays = (options: Partial<RRuleOptions>) =>
  [options.bymonthday, options.byweekday, options.byyearday, options.byweekno, options.byeaster].some(
    (value) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0),
  )

export function ruleFrom(compiled: CompiledRule, from: Date): RRuleType {
  const { options } = compiled
  const dtstart = options.dtstart!
  const interval = options.interval ?? 1
  if (options.count != null || options.freq === RRule.YEARLY || from.getTime() <= dtstart.getTime()) return compiled.rule
  let shifted: Date
  const extra: Partial<RRuleOptions> = {}
  if (options.freq === RRule.MONTHLY) {
    const months = (from.getUTCFullYear() - dtstart.getUTCFullYear()) * 12 + from.getUTCMonth() - dtstart.getUTCMonth()
    const steps = Math.floor(months / interval) - 1
    if (steps <= 0) return compiled.rule
    shifted = new Date(dtstart.getTime())
    shifted.setUTCDate(1)
    shifted.setUTCMonth(shifted.getUTCMonth() + steps * interval)
    if (!explicitDays(options)) extra.bymonthday = [dtstart.getUTCDate()]
  } else {
    const unit = options.freq === RRule.WEEKLY ? 7 * DAY : DAY
    const steps = Math.floor((from.getTime() - dtstart.getTime()) / (unit * interval)) - 1
    if (steps <= 0) return compiled.rule
    shifted = new Date(dtstart.getTime() + steps * interval * unit)
    if (options.freq === RRule.WEEKLY && !explicitDays(options)) extra.byweekday = [(dtstart.getUTCDay() + 6) % 7]
  }
  return new RRule({ ...options, ...extra, dtstart: shifted }, true)
}

/**
 * Reads and checks a rule for an event starting at `start` in `zone`: RuleError when it is not one
 * the calendar takes, or never happens.
 */
export function compileRule(rule: string, start: Date, zone: string): CompiledRule {
  const parts = checkParts(rule)
  const dtstart = toFloating(start, zone)
  const options = optionsOf(parts, rule, dtstart, zone)
  const never = () => new RuleError('This rule never happens', 'Quy tắc này không bao giờ xảy ra')
  let compiled: RRuleType
  try {
    if (!everHappens(options, dtstart)) throw never()
    compiled = new RRule(options, true)
  } catch (err) {
    if (err instanceof RuleError) throw err
    throw new RuleError('Not a repeat rule', 'Quy tắc lặp không hợp lệ')
  }
  let first: Date | null
  try {
    first = compiled.after(dtstart, true)
  } catch {
    throw new RuleError('Not a repeat rule', 'Quy tắc lặp không hợp lệ')
  }
  if (!first) throw never()
  return { rule: compiled, zone, first, options }
}

/** One occurrence of an event. */
export interface Occurrence {
  /** Its start as the rule has it (what an exception names). */
  occurrence: Date
  start: Date
  end: Date | null
  moved: boolean
}

export interface SeriesInput {
  start: Date
  end: Date | null
  timeZone: string
  rrule: string | null
  /** Skipped (start null) or moved occurrences, by their start as the rule has it. */
  exceptions: readonly { occurrence: Date; start: Date | null }[]
}

/**
 * An event's occurrences. A stored rule was checked when it was written; should it no longer read
 * (a library change), the event is its start alone rather than an error on every read.
 */
export class Series {
  private readonly compiled: CompiledRule | null
  private readonly duration: number | null
  private readonly exceptions: Map<number, Date | null>

  constructor(private readonly input: SeriesInput) {
    let compiled: CompiledRule | null = null
    if (input.rrule) {
      try {
        compiled = compileRule(input.rrule, input.start, input.timeZone)
      } catch {
        compiled = null
      }
    }
    this.compiled = compiled
    this.duration = input.end ? input.end.getTime() - input.start.getTime() : null
    this.exceptions = new Map(input.exceptions.map((e) => [e.occurrence.getTime(), e.start]))
  }

  get repeats(): boolean {
    return this.compiled !== null
  }

  private make(occurrence: Date, start: Date, moved: boolean): Occurrence {
    return { occurrence, start, end: this.duration === null ? null : new Date(start.getTime() + this.duration), moved }
  }

  private overlaps(o: Occurrence, from: number, to: number): boolean {
    const start = o.start.getTime()
    return o.end ? start < to && o.end.getTime() > from : start >= from && start < to
  }

  /** Whether the rule (exceptions aside) has an occurrence starting at `instant`. */
  has(instant: Date): boolean {
    if (!this.compiled) return instant.getTime() === this.input.start.getTime()
    const floating = toFloating(instant, this.compiled.zone)
    const found = ruleFrom(this.compiled, new Date(floating.getTime() - DAY)).between(floating, floating, true)
    return found.length > 0 && fromFloating(found[0]!, this.compiled.zone).getTime() === instant.getTime()
  }

  /** The occurrence the rule has at `instant`, as the exceptions leave it (null: none there, or skipped). */
  find(instant: Date): Occurrence | null {
    if (!this.has(instant)) return null
    if (!this.compiled) return this.make(this.input.start, this.input.start, false)
    const exception = this.exceptions.get(instant.getTime())
    if (exception === null) return null
    return exception ? this.make(instant, exception, true) : this.make(instant, instant, false)
  }

  /** The occurrences overlapping [from, to) (one without an end: starting in it), earliest first, at most `limit`. */
  between(from: Date, to: Date, limit: number): Occurrence[] {
    const lo = from.getTime()
    const hi = to.getTime()
    if (!this.compiled) {
      const only = this.make(this.input.start, this.input.start, false)
      return this.overlaps(only, lo, hi) ? [only] : []
    }
    const { zone } = this.compiled
    const found: Occurrence[] = []
    // Floating times are within a day of their instants: a day's margin each side, then the exact test.
    const after = toFloating(new Date(lo - (this.duration ?? 0) - DAY), zone)
    const before = toFloating(new Date(hi + DAY), zone)
    const rule = ruleFrom(this.compiled, after)
    // The rule's dates come earliest first: once `limit` are in, the rest come later.
    rule.between(after, before, true, (floating) => {
      if (found.length >= limit) return false
      const instant = fromFloating(floating, zone)
      if (this.exceptions.has(instant.getTime())) return true
      const o = this.make(instant, instant, false)
      if (this.overlaps(o, lo, hi)) found.push(o)
      return true
    })
    for (const [occurrence, start] of this.exceptions) {
      if (!start) continue
      const o = this.make(new Date(occurrence), start, true)
      if (this.overlaps(o, lo, hi)) found.push(o)
    }
    return found.sort((a, b) => a.start.getTime() - b.start.getTime()).slice(0, limit)
  }

  /** The earliest occurrence starting at or after `atOrAfter` and (given) after `after`; null when none is left. */
  next(atOrAfter: Date, after: Date | null = null): Occurrence | null {
    const threshold = Math.max(atOrAfter.getTime(), after ? after.getTime() + 1 : -Infinity)
    if (!this.compiled) return this.input.start.getTime() >= threshold ? this.make(this.input.start, this.input.start, false) : null
    const { zone } = this.compiled
    let best: Occurrence | null = null
    const from = toFloating(new Date(threshold - DAY), zone)
    ruleFrom(this.compiled, from).between(from, FAR, true, (floating) => {
      const instant = fromFloating(floating, zone)
      if (instant.getTime() < threshold || this.exceptions.has(instant.getTime())) return true
      best = this.make(instant, instant, false)
      return false
    })
    for (const [occurrence, start] of this.exceptions) {
      if (!start || start.getTime() < threshold) continue
      const current = best as Occurrence | null
      if (!current || start.getTime() < current.start.getTime()) best = this.make(new Date(occurrence), start, true)
    }
    return best
  }

  /** The first occurrence as the rule has it (the series' first instant), exceptions aside. */
  first(): Date {
    return this.compiled ? fromFloating(this.compiled.first, this.compiled.zone) : this.input.start
  }
}
