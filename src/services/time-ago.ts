import dayjs from 'dayjs'
import 'dayjs/locale/vi'
import { plural, t } from '@lingui/core/macro'
import type { Language } from '../../contract/common'
import { currentLanguage } from './i18n'

/**
 * Time-ago labels (docs/product-rules.md, Lists, time and language): under 60 s 'just now', then minutes below 1 hour, hours below
 * 24, days up to 31, else a date. Labels come from the Lingui catalog (en and vi); dates from dayjs.
 */
const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export type TimeAgoUnit = 'now' | 'minutes' | 'hours' | 'days' | 'date'

/** Which rule applies to a difference of `seconds` (future times count as now). */
export function timeAgoUnit(seconds: number): { unit: TimeAgoUnit; count: number } {
  if (seconds < MINUTE) return { unit: 'now', count: 0 }
  if (seconds < HOUR) return { unit: 'minutes', count: Math.floor(seconds / MINUTE) }
  if (seconds < DAY) return { unit: 'hours', count: Math.floor(seconds / HOUR) }
  const days = Math.floor(seconds / DAY)
  if (days <= 31) return { unit: 'days', count: days }
  return { unit: 'date', count: days }
}

const DATE_FORMATS: Record<Language, string> = { en: 'MMM D, YYYY', vi: 'DD/MM/YYYY' }

/** A date in the given language (dayjs). */
export function formatDate(date: dayjs.ConfigType, lang: Language = currentLanguage()): string {
  return dayjs(date).locale(lang).format(DATE_FORMATS[lang])
}

const DAY_FORMATS: Record<Language, { thisYear: string; otherYear: string }> = {
  en: { thisYear: 'dddd, MMMM D', otherYear: 'dddd, MMMM D, YYYY' },
  vi: { thisYear: 'dddd, DD/MM', otherYear: 'dddd, DD/MM/YYYY' },
}

/**
 * A conversation's day separator: 'Today', 'Yesterday', else the weekday and date in the language's
 * order (the year only when it is not this year's). Vietnamese weekdays are capitalised (Thứ Năm).
 */
export function dayLabel(date: dayjs.ConfigType, now: dayjs.ConfigType = new Date(), lang: Language = currentLanguage()): string {
  const day = dayjs(date).startOf('day')
  const today = dayjs(now).startOf('day')
  if (day.isSame(today)) return t`Today`
  if (day.isSame(today.subtract(1, 'day'))) return t`Yesterday`
  const formats = DAY_FORMATS[lang]
  const label = day.locale(lang).format(day.isSame(today, 'year') ? formats.thisYear : formats.otherYear)
  return lang === 'vi' ? label.replace(/(^|\s)\p{Ll}/gu, (letter) => letter.toUpperCase()) : label
}

/** A chat time (the chat list, a message): HH:mm today, DD/MM HH:mm earlier this year, else with the year. */
export function chatTime(date: dayjs.ConfigType, now: dayjs.ConfigType = new Date()): string {
  const at = dayjs(date)
  const today = dayjs(now)
  if (at.isSame(today, 'day')) return at.format('HH:mm')
  return at.format(at.isSame(today, 'year') ? 'DD/MM HH:mm' : 'DD/MM/YYYY HH:mm')
}

/** A moment as a poll's closing time shows it: HH:mm DD/MM (18:00 28/11), with the year when it is not this year's. */
export function clockAndDay(date: dayjs.ConfigType, now: dayjs.ConfigType = new Date()): string {
  const at = dayjs(date)
  return at.format(at.isSame(dayjs(now), 'year') ? 'HH:mm DD/MM' : 'HH:mm DD/MM/YYYY')
}

/** The label for `date` seen at `now`, in the active language. */
export function timeAgo(date: dayjs.ConfigType, now: dayjs.ConfigType = new Date()): string {
  const seconds = dayjs(now).diff(dayjs(date), 'second')
  const { unit, count } = timeAgoUnit(seconds)
  switch (unit) {
    case 'now':
      return t`just now`
    case 'minutes':
      return plural(count, { one: '# minute ago', other: '# minutes ago' })
    case 'hours':
      return plural(count, { one: '# hour ago', other: '# hours ago' })
    case 'days':
      return plural(count, { one: '# day ago', other: '# days ago' })
    case 'date':
      return formatDate(date)
  }
}

const DATE_TIME_FORMATS: Record<Language, string> = { en: 'MMM D, YYYY HH:mm', vi: 'DD/MM/YYYY HH:mm' }

/** A date and a 24-hour time in the given language's order (Vietnamese: day before month). */
export function formatDateTime(date: dayjs.ConfigType, lang: Language = currentLanguage()): string {
  return dayjs(date).locale(lang).format(DATE_TIME_FORMATS[lang])
}
