import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import type { AvailabilityWindow } from '../../../contract'

dayjs.extend(utc)
dayjs.extend(timezone)

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** What of a booking page decides its free times. */
export interface SlotRules {
  timeZone: string
  availability: readonly AvailabilityWindow[]
  durationMinutes: number
  bufferMinutes: number
  minNoticeMinutes: number
  horizonDays: number
}

/** A live booking as it blocks time: from its start to its end plus the buffer after it (epoch ms). */
export interface Busy {
  start: number
  until: number
}

export interface Slot {
  start: number
  end: number
}

/** The local date (YYYY-MM-DD) in `tz` at the instant `ms`. */
const localDate = (ms: number, tz: string) => dayjs(ms).tz(tz).format('YYYY-MM-DD')

/** The instant whose wall clock in `tz` reads `date` `clock` (a time in a DST gap: the later reading). */
const instantOf = (date: string, clock: string, tz: string) => dayjs.tz(`${date} ${clock}`, tz).valueOf()

/**
 * The page's grid: every start time its weekly windows give whose start lies in [from, to), in
 * order, however booked. Each window (a weekday from `start` to `end` on the page's wall clock)
 * is cut into steps of duration + buffer from its start; a step is a slot when its appointment
 * (the duration, not the buffer) ends by the window's end. The steps are real minutes, so a window
 * across a DST change is as long as the clock says it really is.
 */
export function gridSlots(rules: SlotRules, from: number, to: number): Slot[] {
  const duration = rules.durationMinutes * MINUTE
  const step = (rules.durationMinutes + rules.bufferMinutes) * MINUTE
  const starts = new Set<number>()
  // A day more on each side: the local dates of [from, to) in the page's zone, with room for any offset.
  const first = Date.parse(`${localDate(from, rules.timeZone)}T00:00:00Z`) - DAY
  const last = Date.parse(`${localDate(to, rules.timeZone)}T00:00:00Z`) + DAY
  for (let day = first; day <= last; day += DAY) {
    const date = new Date(day).toISOString().slice(0, 10)
    const weekday = new Date(day).getUTCDay() || 7
    for (const window of rules.availability) {
      if (window.weekday !== weekday) continue
      const opens = instantOf(date, window.start, rules.timeZone)
      const closes = instantOf(date, window.end, rules.timeZone)
      for (let at = opens; at + duration <= closes; at += step) if (at >= from && at < to) starts.add(at)
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => ({ start, end: start + duration }))
}

/** Whether a slot (with the page's buffer after it) overlaps a live booking's blocked time. */
export const overlaps = (slot: Slot, bufferMinutes: number, busy: readonly Busy[]) =>
  busy.some((b) => slot.start < b.until && b.start < slot.end + bufferMinutes * MINUTE)

/** The earliest and the latest (excluded) start a request may take at `now`: the minimum notice and the horizon. */
export function bookable(rules: SlotRules, now: number): { from: number; to: number } {
  return { from: now + rules.minNoticeMinutes * MINUTE, to: now + rules.horizonDays * DAY }
}

/** The free slots starting in [from, to) at `now`: on the grid, within notice and horizon, overlapping no live booking. */
export function freeSlots(rules: SlotRules, from: number, to: number, now: number, busy: readonly Busy[]): Slot[] {
  const window = bookable(rules, now)
  const start = Math.max(from, window.from)
  const end = Math.min(to, window.to)
  if (start >= end) return []
  return gridSlots(rules, start, end).filter((slot) => !overlaps(slot, rules.bufferMinutes, busy))
}
