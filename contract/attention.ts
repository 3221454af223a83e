import { z } from 'zod'
import { objectId } from './common'

/**
 * Attention controls: per-topic notification level and mute, keyword alerts, do not disturb (now
 * and on a working-hours schedule, in the user's IANA time zone) and the missed-message email.
 *
 * `deliveryRules` is the one place that decides, for one person and one event at one instant,
 * which channels may reach them: the in-app notification (`notify`), anything that pushes (web
 * push, a browser notification: `push`), a ringing call or sound (`ring`) and the missed-message
 * email (`email`). The server (server/modules/attention `deliveryFor`) and the client (browser
 * notifications) both call it.
 */

export const NOTIFY_LEVELS = ['everything', 'mentions', 'nothing'] as const
export const notifyLevel = z.enum(NOTIFY_LEVELS)
export type NotifyLevel = z.infer<typeof notifyLevel>

/** Mute a topic for an hour, until the next 08:00 in the user's time zone, until turned back on; `off` unmutes. */
export const MUTE_OPTIONS = ['1h', 'tomorrow', 'forever', 'off'] as const
export const muteOption = z.enum(MUTE_OPTIONS)
export type MuteOption = z.infer<typeof muteOption>

/** Do not disturb now: 30 minutes, an hour, until the next 08:00 in the user's time zone; `off` ends it. */
export const DND_OPTIONS = ['30m', '1h', 'tomorrow', 'off'] as const
export const dndOption = z.enum(DND_OPTIONS)
export type DndOption = z.infer<typeof dndOption>

/** "Until I turn it back on" is stored as this instant (a timestamp column holds it; no null-means-forever). */
export const MUTED_FOREVER = '9999-12-31T00:00:00.000Z'
/** "Until tomorrow" ends at this local hour. */
export const TOMORROW_HOUR = 8
export const KEYWORDS_MAX = 20
export const KEYWORD_MAX_LENGTH = 40

const IANA_NAME = /^(?:UTC|[A-Za-z]+(?:[_-][A-Za-z]+)*(?:\/[A-Za-z0-9]+(?:[_+-][A-Za-z0-9]+)*){1,2})$/

/** An IANA time zone name this runtime knows (Asia/Ho_Chi_Minh, Europe/Berlin, UTC). */
export function isTimeZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

export const timeZone = z.string().max(64).refine(isTimeZone, { message: 'invalid' })

/** "HH:mm", 00:00 to 24:00. */
const clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/)

/**
 * Working hours: notifications reach the user on `days` (0 Sunday .. 6 Saturday) from `start` to
 * `end` local time; outside them the user is in do not disturb (when `enabled`).
 */
export const dndSchedule = z
  .strictObject({
    enabled: z.boolean(),
    days: z.array(z.number().int().min(0).max(6)).max(7),
    start: clock,
    end: clock,
  })
  .refine((s) => s.start < s.end, { message: 'invalid', path: ['end'] })
export type DndSchedule = z.infer<typeof dndSchedule>

export const keyword = z.string().trim().min(2).max(KEYWORD_MAX_LENGTH)

/** One topic's settings for the caller: level and, while muted, until when (ISO; MUTED_FOREVER for "until turned on"). */
export const topicAttention = z.object({
  topic_id: z.string(),
  level: notifyLevel,
  muted_until: z.string().nullable(),
})
export type TopicAttention = z.infer<typeof topicAttention>

/** GET attention/settings: the caller's settings and every topic they changed from the default. */
export const attentionSettings = z.object({
  /** IANA name; null until set (rules then use UTC). */
  time_zone: z.string().nullable(),
  /** Do not disturb turned on by hand, until (ISO), or null. */
  dnd_until: z.string().nullable(),
  dnd_schedule: dndSchedule.nullable(),
  keywords: z.array(z.string()),
  /** The missed-message email. */
  digest_email: z.boolean(),
  topics: z.array(topicAttention),
})
export type AttentionSettings = z.infer<typeof attentionSettings>

/** PUT attention/settings: any of the fields; at least one. */
export const attentionSettingsBody = z
  .strictObject({
    time_zone: timeZone.optional(),
    dnd_schedule: dndSchedule.nullable().optional(),
    keywords: z.array(keyword).max(KEYWORDS_MAX).optional(),
    digest_email: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'required', path: ['keywords'] })
export type AttentionSettingsBody = z.input<typeof attentionSettingsBody>

/** PUT attention/dnd. */
export const dndBody = z.strictObject({ for: dndOption })
export type DndBody = z.infer<typeof dndBody>

/** PUT attention/topic: the level, a mute, or both. */
export const topicAttentionBody = z
  .strictObject({ topic_id: objectId, level: notifyLevel.optional(), mute: muteOption.optional() })
  .refine((b) => b.level !== undefined || b.mute !== undefined, { message: 'required', path: ['level'] })
export type TopicAttentionBody = z.infer<typeof topicAttentionBody>

/** GET attention/person?customer_id=: whether someone who shares a topic with the caller is in do not disturb now. */
export const attentionPersonQuery = z.object({ customer_id: objectId })
export const personAttention = z.object({
  customer_id: z.string(),
  dnd: z.boolean(),
  /** When a do not disturb turned on by hand ends (ISO); null when none or only the schedule applies. */
  dnd_until: z.string().nullable(),
})
export type PersonAttention = z.infer<typeof personAttention>

/** POST attention/notify-anyway: the caller's latest message in the topic breaks through its readers' do not disturb, once. */
export const notifyAnywayBody = z.strictObject({ topic_id: objectId })
export const notifyAnywayResult = z.object({ notified: z.number().int().min(0) })
export type NotifyAnywayResult = z.infer<typeof notifyAnywayResult>

/** POST attention/unsubscribe: the signed token of a missed-message email's link turns that email off, without login. */
export const unsubscribeBody = z.strictObject({ token: z.string().min(10).max(300) })
export const unsubscribeResult = z.object({ digest_email: z.literal(false) })

// ---------------------------------------------------------------------------------------------
// Time zone arithmetic (Intl only, so the same code runs in Node and the browser).

const formatters = new Map<string, Intl.DateTimeFormat>()
const formatterOf = (tz: string) => {
  let f = formatters.get(tz)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    })
    formatters.set(tz, f)
  }
  return f
}
const WEEKDAY: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 }

export interface LocalTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** 0 Sunday .. 6 Saturday. */
  weekday: number
}

/** The wall-clock time in `tz` at `at`. */
export function localTime(at: Date, tz: string): LocalTime {
  const parts: Record<string, string> = {}
  for (const p of formatterOf(tz).formatToParts(at)) parts[p.type] = p.value
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAY[parts.weekday ?? 'Sun'] ?? 0,
  }
}

/**
 * The instant whose wall clock in `tz` reads the given date and time. A time a daylight-saving change
 * skips reads on the offset before the change (02:30 on a spring-forward day is 03:30 after it).
 */
export function zonedInstant(tz: string, year: number, month: number, day: number, hour: number, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  const offsetAt = (ms: number) => {
    const l = localTime(new Date(ms), tz)
    return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - Math.floor(ms / 1000) * 1000
  }
  const first = wall - offsetAt(wall)
  const second = wall - offsetAt(first)
  const reads = (ms: number) => {
    const l = localTime(new Date(ms), tz)
    return l.year === year && l.month === month && l.day === day && l.hour === hour && l.minute === minute
  }
  if (reads(second)) return new Date(second)
  if (reads(first)) return new Date(first)
  // In a gap neither reads: the offset before the change is the smaller one, so the later instant.
  return new Date(Math.max(first, second))
}

/** The next 08:00 in `tz` after `at` ("until tomorrow"; before 08:00 that is today's). */
export function nextMorning(at: Date, tz: string): Date {
  const l = localTime(at, tz)
  const today = zonedInstant(tz, l.year, l.month, l.day, TOMORROW_HOUR)
  if (today.getTime() > at.getTime()) return today
  const next = new Date(Date.UTC(l.year, l.month - 1, l.day + 1))
  return zonedInstant(tz, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), TOMORROW_HOUR)
}

const MINUTE = 60_000
/** When a mute chosen at `at` ends (null: unmuted). */
export function muteUntil(option: MuteOption, at: Date, tz: string): string | null {
  if (option === 'off') return null
  if (option === 'forever') return MUTED_FOREVER
  if (option === '1h') return new Date(at.getTime() + 60 * MINUTE).toISOString()
  return nextMorning(at, tz).toISOString()
}

/** When a do not disturb chosen at `at` ends (null: off). */
export function dndUntil(option: DndOption, at: Date, tz: string): string | null {
  if (option === 'off') return null
  if (option === '30m') return new Date(at.getTime() + 30 * MINUTE).toISOString()
  if (option === '1h') return new Date(at.getTime() + 60 * MINUTE).toISOString()
  return nextMorning(at, tz).toISOString()
}

// ---------------------------------------------------------------------------------------------
// The rules.

/** What happened: a message, a mention (or keyword alert), an incoming call, a booking reminder, any other notice. */
export type AttentionKind = 'message' | 'mention' | 'call' | 'booking_remind' | 'other'

export interface AttentionEvent {
  kind: AttentionKind
  /** The topic it happened in, when it did happen in one. */
  topicId?: string | null
  /** The sender chose "notify anyway": breaks through do not disturb, not through a mute. */
  urgent?: boolean
}

export interface Delivery {
  /** The in-app notification (inbox, badge). */
  notify: boolean
  /** Web push and browser notifications. */
  push: boolean
  /** Ringing and sounds. */
  ring: boolean
  /** The missed-message email. */
  email: boolean
}

/** What the rules read about the person: their settings (the topics' part is looked up by id). */
export type AttentionPrefs = Pick<AttentionSettings, 'time_zone' | 'dnd_until' | 'dnd_schedule' | 'digest_email' | 'topics'>

/** The defaults of a person who never changed anything. */
export const DEFAULT_PREFS: AttentionPrefs = { time_zone: null, dnd_until: null, dnd_schedule: null, digest_email: true, topics: [] }

const later = (iso: string | null, at: Date) => iso !== null && Date.parse(iso) > at.getTime()

/** Whether the person is in do not disturb at `at`: turned on by hand, or outside their working hours. */
export function inDnd(prefs: Pick<AttentionPrefs, 'time_zone' | 'dnd_until' | 'dnd_schedule'>, at: Date): boolean {
  if (later(prefs.dnd_until, at)) return true
  const s = prefs.dnd_schedule
  if (!s?.enabled) return false
  const l = localTime(at, prefs.time_zone ?? 'UTC')
  const hhmm = `${String(l.hour).padStart(2, '0')}:${String(l.minute).padStart(2, '0')}`
  const working = s.days.includes(l.weekday) && hhmm >= s.start && hhmm < s.end
  return !working
}

/** The topic's settings for the person at `at` (muted only while muted_until is ahead). */
export function topicState(
  prefs: Pick<AttentionPrefs, 'topics'>,
  topicId: string | null | undefined,
  at: Date,
): { level: NotifyLevel; muted: boolean } {
  const t = topicId ? prefs.topics.find((x) => x.topic_id === topicId) : undefined
  return { level: t?.level ?? 'everything', muted: later(t?.muted_until ?? null, at) }
}

const NONE: Delivery = { notify: false, push: false, ring: false, email: false }

/**
 * The one rule. A muted topic is silent (its unread count still grows; a call there still shows in
 * the app but does not ring); the level drops plain messages (`mentions`) or messages and mentions
 * (`nothing`); do not disturb stops push, ring and email but keeps the in-app notification, unless
 * the sender marked it urgent ("notify anyway"). The email goes only to those who keep it on.
 */
export function deliveryRules(prefs: AttentionPrefs, event: AttentionEvent, at: Date): Delivery {
  const topic = topicState(prefs, event.topicId, at)
  const isChat = event.kind === 'message' || event.kind === 'mention'
  if (topic.muted) return event.kind === 'call' ? { ...NONE, notify: true } : NONE
  if (isChat && topic.level === 'nothing') return NONE
  if (event.kind === 'message' && topic.level === 'mentions') return NONE
  const quiet = inDnd(prefs, at) && !event.urgent
  return { notify: true, push: !quiet, ring: !quiet, email: isChat && !quiet && prefs.digest_email }
}

// ---------------------------------------------------------------------------------------------
// Keyword alerts.

/** Lowercase, without accents (đ counts as d): "Nguyễn Đặng" -> "nguyen dang". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase()
}

const words = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/** The keywords found in `text` as whole words (or whole word runs), ignoring accents and case. */
export function matchKeywords(text: string, keywords: readonly string[]): string[] {
  const haystack = ` ${words(text).join(' ')} `
  return keywords.filter((k) => {
    const needle = words(k).join(' ')
    return needle !== '' && haystack.includes(` ${needle} `)
  })
}
