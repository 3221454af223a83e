import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import dayjs from 'dayjs'
import { activateLanguage } from '../../../src/services/i18n'
import { chatTime, dayLabel, formatDate, timeAgo, timeAgoUnit } from '../../../src/services/time-ago'

const now = dayjs('2026-03-15T12:00:00Z')
const ago = (seconds: number) => now.subtract(seconds, 'second').toDate()
const MIN = 60
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describe('time-ago rules (docs/product-rules.md, Lists, time and language)', () => {
  it('picks the unit at every boundary', () => {
    expect(timeAgoUnit(0)).toEqual({ unit: 'now', count: 0 })
    expect(timeAgoUnit(59)).toEqual({ unit: 'now', count: 0 })
    expect(timeAgoUnit(60)).toEqual({ unit: 'minutes', count: 1 })
    expect(timeAgoUnit(59 * MIN + 59)).toEqual({ unit: 'minutes', count: 59 })
    expect(timeAgoUnit(60 * MIN)).toEqual({ unit: 'hours', count: 1 })
    expect(timeAgoUnit(23 * HOUR + 59 * MIN)).toEqual({ unit: 'hours', count: 23 })
    expect(timeAgoUnit(24 * HOUR)).toEqual({ unit: 'days', count: 1 })
    expect(timeAgoUnit(31 * DAY)).toEqual({ unit: 'days', count: 31 })
    expect(timeAgoUnit(31 * DAY + 23 * HOUR)).toEqual({ unit: 'days', count: 31 })
    expect(timeAgoUnit(32 * DAY)).toEqual({ unit: 'date', count: 32 })
    expect(timeAgoUnit(-30)).toEqual({ unit: 'now', count: 0 })
  })
})

describe('time-ago labels in English', () => {
  beforeAll(async () => {
    await activateLanguage('en')
  })

  it.each([
    [59, 'just now'],
    [60, '1 minute ago'],
    [2 * MIN, '2 minutes ago'],
    [59 * MIN, '59 minutes ago'],
    [60 * MIN, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [24 * HOUR, '1 day ago'],
    [31 * DAY, '31 days ago'],
    [32 * DAY, 'Feb 11, 2026'],
  ])('%i s -> %s', (seconds, label) => {
    expect(timeAgo(ago(seconds), now.toDate())).toBe(label)
  })
})

describe('time-ago labels in Vietnamese', () => {
  beforeAll(async () => {
    await activateLanguage('vi')
  })
  afterAll(async () => {
    await activateLanguage('en')
  })

  it.each([
    [59, 'vừa xong'],
    [60, '1 phút trước'],
    [59 * MIN, '59 phút trước'],
    [60 * MIN, '1 giờ trước'],
    [23 * HOUR, '23 giờ trước'],
    [24 * HOUR, '1 ngày trước'],
    [31 * DAY, '31 ngày trước'],
    [32 * DAY, '11/02/2026'],
  ])('%i s -> %s', (seconds, label) => {
    expect(timeAgo(ago(seconds), now.toDate())).toBe(label)
  })

  it('formats dates with dayjs in the language', () => {
    expect(formatDate('2026-01-05T10:00:00Z', 'vi')).toBe('05/01/2026')
    expect(formatDate('2026-01-05T10:00:00Z', 'en')).toBe('Jan 5, 2026')
  })
})

describe('chat times (chat list and messages)', () => {
  const at = (iso: string) => dayjs(iso).toDate()
  const seen = at('2026-03-15T18:30:00')
  it('shows the time today, the day and month earlier this year, the year before that', () => {
    expect(chatTime(at('2026-03-15T09:05:00'), seen)).toBe('09:05')
    expect(chatTime(at('2026-03-14T23:59:00'), seen)).toBe('14/03 23:59')
    expect(chatTime(at('2026-01-01T00:00:00'), seen)).toBe('01/01 00:00')
    expect(chatTime(at('2025-12-31T17:09:00'), seen)).toBe('31/12/2025 17:09')
  })
})

describe("a conversation's day separators", () => {
  // Local times: the separators follow the reader's calendar day. "Now" is Friday 27 November 2026, 10:00.
  const today = new Date(2026, 10, 27, 10, 0)
  afterAll(async () => {
    await activateLanguage('en')
  })

  it('in English: Today, Yesterday, then the weekday and date (with the year only for another year)', async () => {
    await activateLanguage('en')
    expect(dayLabel(new Date(2026, 10, 27, 0, 1), today)).toBe('Today')
    expect(dayLabel(new Date(2026, 10, 27, 23, 59), today)).toBe('Today')
    expect(dayLabel(new Date(2026, 10, 26, 23, 59), today)).toBe('Yesterday')
    expect(dayLabel(new Date(2026, 10, 26, 0, 0), today)).toBe('Yesterday')
    expect(dayLabel(new Date(2026, 10, 25, 23, 59), today, 'en')).toBe('Wednesday, November 25')
    expect(dayLabel(new Date(2025, 11, 31, 12, 0), today, 'en')).toBe('Wednesday, December 31, 2025')
  })

  it('in Vietnamese: Hôm nay, Hôm qua, then the weekday and day/month', async () => {
    await activateLanguage('vi')
    expect(dayLabel(new Date(2026, 10, 27, 8, 0), today, 'vi')).toBe('Hôm nay')
    expect(dayLabel(new Date(2026, 10, 26, 8, 0), today, 'vi')).toBe('Hôm qua')
    expect(dayLabel(new Date(2026, 10, 26, 8, 0), new Date(2026, 10, 28, 9, 0), 'vi')).toBe('Thứ Năm, 26/11')
    expect(dayLabel(new Date(2026, 10, 22, 8, 0), today, 'vi')).toBe('Chủ Nhật, 22/11')
    expect(dayLabel(new Date(2025, 11, 31, 8, 0), today, 'vi')).toBe('Thứ Tư, 31/12/2025')
  })
})
