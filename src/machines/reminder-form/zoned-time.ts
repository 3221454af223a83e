import { isTimeZone, localTime, zonedInstant as instantOnClocks } from '../../../contract/attention'

/**
 * A reminder's date and time as fields read on its own time zone's clocks, which need not be the
 * browser's (the arithmetic is contract/attention.ts's, Intl only).
 */
export { isTimeZone }

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2})$/

/**
 * The instant (ms) a date ('YYYY-MM-DD') and time ('HH:MM') read on the zone's clocks; null when
 * either is not one or the zone is unknown. A time a daylight-saving change skips reads as the
 * same clock time on the offset before it (02:30 on a spring-forward day: 03:30).
 */
export function zonedInstant(date: string, time: string, zone: string): number | null {
  const d = DATE.exec(date)
  const t = TIME.exec(time)
  if (!d || !t || !isTimeZone(zone)) return null
  const [year, month, day, hour, minute] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])]
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null
  return instantOnClocks(zone, year, month, day, hour, minute).getTime()
}

const two = (n: number) => String(n).padStart(2, '0')

/** An instant as the zone's clocks read it: date 'YYYY-MM-DD' and time 'HH:MM'. */
export function zonedParts(iso: string | number, zone: string): { date: string; time: string } {
  const w = localTime(new Date(typeof iso === 'number' ? iso : Date.parse(iso)), zone)
  return { date: `${w.year}-${two(w.month)}-${two(w.day)}`, time: `${two(w.hour)}:${two(w.minute)}` }
}
