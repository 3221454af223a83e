import dayjs from 'dayjs'
import 'dayjs/locale/vi'
import { plural, t } from '@lingui/core/macro'
import { parseRrule, WEEKDAYS, type RepeatUnit } from '../../machines/reminder-form'

/** dayjs's weekday number (0 Sunday) of an RRULE weekday. */
const DAY_NUMBER = { MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6, SU: 0 } as const

function every(unit: RepeatUnit, interval: number): string {
  switch (unit) {
    case 'day':
      return plural(interval, { one: 'Every day', other: 'Every # days' })
    case 'week':
      return plural(interval, { one: 'Every week', other: 'Every # weeks' })
    case 'month':
      return plural(interval, { one: 'Every month', other: 'Every # months' })
    case 'year':
      return plural(interval, { one: 'Every year', other: 'Every # years' })
  }
}

/**
 * A repeat rule in words, in the reader's language: "Every 2 weeks on Monday, Wednesday, 10 times",
 * "Every day until 31/12/2026". Null for none or a rule this calendar does not read.
 */
export function repeatText(rrule: string | null, locale: string): string | null {
  const rule = parseRrule(rrule)
  if (rule === null) return null
  const parts = [every(rule.unit, rule.interval)]
  if (rule.weekdays.length > 0) {
    const days = WEEKDAYS.filter((day) => rule.weekdays.includes(day))
      .map((day) => dayjs('2026-11-01').add(DAY_NUMBER[day], 'day').locale(locale).format('dddd'))
      .join(', ')
    const repeats = parts[0]
    parts[0] = t`${repeats} on ${days}`
  }
  if (rule.count !== null) parts.push(plural(rule.count, { one: '# time', other: '# times' }))
  if (rule.until !== null) {
    const until = dayjs(rule.until).format('DD/MM/YYYY')
    parts.push(t`until ${until}`)
  }
  return parts.join(', ')
}
