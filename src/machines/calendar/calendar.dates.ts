/**
 * Calendar days as the reader's clock has them ('YYYY-MM-DD', local time), and the ranges the
 * calendar's views show. Plain Date arithmetic on local calendar days (a machine imports only
 * contract/ and xstate): adding days through the Date constructor keeps midnight across a
 * daylight-saving change.
 */

/** A local calendar day, 'YYYY-MM-DD'. */
export type Day = string

const two = (n: number) => String(n).padStart(2, '0')
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** The local day of a moment. */
export const dayOf = (at: Date | number): Day => {
  const date = new Date(at)
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`
}

/** The day is a real 'YYYY-MM-DD' calendar day. */
export function isDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value)
  if (!match) return false
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return dayOf(date) === value
}

/** Local midnight at the start of the day. */
export function startOfDay(day: Day): Date {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y!, m! - 1, d!)
}

export const addDays = (day: Day, days: number): Day => {
  const date = startOfDay(day)
  return dayOf(new Date(date.getFullYear(), date.getMonth(), date.getDate() + days))
}

/** The same day of another month, clamped to that month's last day (31 January + 1 month: 28 or 29 February). */
export function addMonths(day: Day, months: number): Day {
  const date = startOfDay(day)
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1)
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate()
  return dayOf(new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), last)))
}

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (day: Day): number => startOfDay(day).getDay()

/** The first day of the day's week, the week starting on `weekStart` (0 Sunday, 1 Monday). */
export const startOfWeek = (day: Day, weekStart: number): Day => addDays(day, -((weekdayOf(day) - weekStart + 7) % 7))

export const startOfMonth = (day: Day): Day => `${day.slice(0, 7)}-01`

/** Same month and year. */
export const sameMonth = (a: Day, b: Day) => a.slice(0, 7) === b.slice(0, 7)

/** Days between two days (b - a). */
export const daysBetween = (a: Day, b: Day) => Math.round((startOfDay(b).getTime() - startOfDay(a).getTime()) / 86_400_000)

/** The days from `from`, `count` of them. */
export const daysFrom = (from: Day, count: number): Day[] => Array.from({ length: count }, (_, i) => addDays(from, i))
