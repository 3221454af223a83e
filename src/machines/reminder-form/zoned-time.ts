/**
 * Wall-clock times in an IANA time zone, through the platform's Intl (a machine imports only
 * contract/ and xstate): a reminder's date and time are read in its own time zone, which need not
 * be the browser's.
 */

const formats = new Map<string, Intl.DateTimeFormat>()

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(zone, format)
  }
  return format
}

/** The platform knows the zone. */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '') return false
  try {
    formatIn(zone)
    return true
  } catch {
    return false
  }
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallClockAt(ms: number, zone: string): WallClock {
  const parts = formatIn(zone).formatToParts(new Date(ms))
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0)
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') }
}

/** The zone's offset from UTC at that instant, in ms. */
function offsetAt(ms: number, zone: string): number {
  const w = wallClockAt(ms, zone)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000
}

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
  const guess = Date.UTC(year, month - 1, day, hour, minute)
  if (new Date(guess).getUTCDate() !== day) return null
  const first = guess - offsetAt(guess, zone)
  const second = guess - offsetAt(first, zone)
  // The one that reads as asked; in a gap neither does: the first (the offset before it).
  const reads = (at: number) => {
    const w = wallClockAt(at, zone)
    return w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute
  }
  return reads(first) || !reads(second) ? first : second
}

const two = (n: number) => String(n).padStart(2, '0')

/** An instant as the zone's clocks read it: date 'YYYY-MM-DD' and time 'HH:MM'. */
export function zonedParts(iso: string | number, zone: string): { date: string; time: string } {
  const w = wallClockAt(typeof iso === 'number' ? iso : Date.parse(iso), zone)
  return { date: `${w.year}-${two(w.month)}-${two(w.day)}`, time: `${two(w.hour)}:${two(w.minute)}` }
}
