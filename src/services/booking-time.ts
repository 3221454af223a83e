import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import timezone from 'dayjs/plugin/timezone'
import 'dayjs/locale/vi'
import type { Language } from '../../contract/common'
import type { BookingSlot } from '../../contract/booking'
import type { LocalSlot } from '../machines/booking-page'
import { currentLanguage } from './i18n'

dayjs.extend(utc)
dayjs.extend(timezone)

/**
 * Booking times (dayjs with its utc and timezone plugins): a visitor sees the free times in their own
 * time zone, named beside them; an owner's page keeps its own.
 */

/** Today in a time zone, YYYY-MM-DD. */
export const todayIn = (timeZone: string, now: dayjs.ConfigType = new Date()) => dayjs(now).tz(timeZone).format('YYYY-MM-DD')

/** A week from its Monday (YYYY-MM-DD), midnight to midnight in the time zone, as ISO times for booking/slots. */
export function weekRangeOf(weekStart: string, timeZone: string): { from: string; to: string } {
  const start = dayjs.tz(weekStart, timeZone)
  return { from: start.toISOString(), to: dayjs.tz(start.add(7, 'day').format('YYYY-MM-DD'), timeZone).toISOString() }
}

/** A free time with its day and clock in the time zone. */
export function localSlotOf(slot: BookingSlot, timeZone: string): LocalSlot {
  const at = dayjs(slot.start).tz(timeZone)
  return { start: slot.start, end: slot.end, day: at.format('YYYY-MM-DD'), time: at.format('HH:mm') }
}

/** A zone's offset now, e.g. GMT+07:00. */
export const zoneOffset = (timeZone: string, now: dayjs.ConfigType = new Date()) => `GMT${dayjs(now).tz(timeZone).format('Z')}`

/** A zone's name as shown beside times: "Asia/Ho_Chi_Minh (GMT+07:00)". */
export const zoneLabel = (timeZone: string, now: dayjs.ConfigType = new Date()) =>
  `${timeZone.replace(/_/g, ' ')} (${zoneOffset(timeZone, now)})`

const DAY_FORMATS: Record<Language, { long: string; short: string; weekday: string; date: string }> = {
  en: { long: 'dddd, MMMM D, YYYY', short: 'D MMM', weekday: 'ddd', date: 'MMM D' },
  vi: { long: 'dddd, DD/MM/YYYY', short: 'DD/MM', weekday: 'dd', date: 'DD/MM' },
}

const capitalised = (text: string, lang: Language) => (lang === 'vi' ? text.replace(/(^|\s)\p{Ll}/gu, (c) => c.toUpperCase()) : text)

/** A calendar day (YYYY-MM-DD) in words: "Monday, March 2, 2026". */
export const longDay = (day: string, lang: Language = currentLanguage()) =>
  capitalised(dayjs(day).locale(lang).format(DAY_FORMATS[lang].long), lang)

/** A day button's lines: weekday ("Mon"), date ("Mar 2") and, where room is short, the day of the month ("2"). */
export const dayParts = (day: string, lang: Language = currentLanguage()) => ({
  weekday: capitalised(dayjs(day).locale(lang).format(DAY_FORMATS[lang].weekday), lang),
  date: dayjs(day).locale(lang).format(DAY_FORMATS[lang].date),
  dayOfMonth: dayjs(day).format('D'),
})

/** A week's span: "Mar 2 – Mar 8". */
export const weekLabel = (weekStart: string, lang: Language = currentLanguage()) =>
  `${dayjs(weekStart).locale(lang).format(DAY_FORMATS[lang].date)} – ${dayjs(weekStart).add(6, 'day').locale(lang).format(DAY_FORMATS[lang].date)}`

/** A booking's time in a zone: "Monday, March 2, 2026, 09:00–09:30". */
export function bookingWhen(start: string, end: string, timeZone: string, lang: Language = currentLanguage()): string {
  const from = dayjs(start).tz(timeZone)
  const to = dayjs(end).tz(timeZone)
  return `${capitalised(from.locale(lang).format(DAY_FORMATS[lang].long), lang)}, ${from.format('HH:mm')}–${to.format('HH:mm')}`
}

/** A weekday's name (ISO: 1 Monday … 7 Sunday). */
export const weekdayName = (weekday: number, lang: Language = currentLanguage()) =>
  capitalised(
    dayjs('2024-01-01')
      .add(weekday - 1, 'day')
      .locale(lang)
      .format('dddd'),
    lang,
  )
