import { localTime, zonedInstant } from './attention'

/**
 * The quick times of "Schedule message" and "Remind me about this message", computed from the
 * reader's clock and IANA time zone (wall-clock times through a daylight-saving change keep their
 * hour: zonedInstant).
 */
export const REMIND_PRESETS = ['20m', '1h', '2h', 'tomorrow'] as const
export type RemindPreset = (typeof REMIND_PRESETS)[number]

export const SCHEDULE_PRESETS = ['tomorrow', 'monday'] as const
export type SchedulePreset = (typeof SCHEDULE_PRESETS)[number]

/** The morning hour of "Tomorrow at 9:00" and "Monday at 9:00". */
export const LATER_MORNING_HOUR = 9

const MINUTE = 60_000

/** The day `days` after the reader's today, at `hour`:00 in `tz`. */
function dayAfterAt(at: Date, tz: string, days: number, hour: number): Date {
  const l = localTime(at, tz)
  const day = new Date(Date.UTC(l.year, l.month - 1, l.day + days))
  return zonedInstant(tz, day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hour)
}

/** Tomorrow (the reader's calendar day after today) at 9:00. */
export const tomorrowMorning = (at: Date, tz: string): Date => dayAfterAt(at, tz, 1, LATER_MORNING_HOUR)

/** The next Monday after today (on a Monday: a week later) at 9:00. */
export function nextMondayMorning(at: Date, tz: string): Date {
  const weekday = localTime(at, tz).weekday
  return dayAfterAt(at, tz, (8 - weekday) % 7 || 7, LATER_MORNING_HOUR)
}

/** When a "Remind me" preset chosen at `at` fires. */
export function remindPresetAt(preset: RemindPreset, at: Date, tz: string): Date {
  if (preset === '20m') return new Date(at.getTime() + 20 * MINUTE)
  if (preset === '1h') return new Date(at.getTime() + 60 * MINUTE)
  if (preset === '2h') return new Date(at.getTime() + 120 * MINUTE)
  return tomorrowMorning(at, tz)
}

/** When a "Schedule message" preset chosen at `at` sends. */
export const schedulePresetAt = (preset: SchedulePreset, at: Date, tz: string): Date =>
  preset === 'tomorrow' ? tomorrowMorning(at, tz) : nextMondayMorning(at, tz)
