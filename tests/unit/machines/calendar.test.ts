import { describe, expect, it } from 'vitest'
import type { CalendarEvent, CalendarList, CalendarOccurrence } from '../../../contract/calendar'
import { addDays, moved, occurrencesOf, rangeOf } from '../../../src/machines/calendar'
import { addMonths, isDay, startOfWeek } from '../../../src/machines/calendar/calendar.dates'
import { reminderTitleOf } from '../../../src/machines/topic-list'

/** The calendar's days and ranges (expected days written out from a 2026 calendar), and its merged list. */

const midnight = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString()

describe('the range each view loads', () => {
  it('month: the 6 weeks of the grid holding the month, from its first week’s Monday (or Sunday)', () => {
    // 1 November 2026 is a Sunday: from Monday 26 October (weeks from Monday) or that Sunday itself.
    expect(rangeOf('month', '2026-11-18', 1)).toEqual({ from: midnight(2026, 10, 26), to: midnight(2026, 12, 7) })
    expect(rangeOf('month', '2026-11-18', 0)).toEqual({ from: midnight(2026, 11, 1), to: midnight(2026, 12, 13) })
    // February 2027 starts on a Monday.
    expect(rangeOf('month', '2027-02-10', 1)).toEqual({ from: midnight(2027, 2, 1), to: midnight(2027, 3, 15) })
  })
  it('week: its 7 days; day: the day; schedule: 30 days from the day', () => {
    expect(rangeOf('week', '2026-11-18', 1)).toEqual({ from: midnight(2026, 11, 16), to: midnight(2026, 11, 23) })
    expect(rangeOf('week', '2026-11-22', 1)).toEqual({ from: midnight(2026, 11, 16), to: midnight(2026, 11, 23) })
    expect(rangeOf('week', '2026-11-22', 0)).toEqual({ from: midnight(2026, 11, 22), to: midnight(2026, 11, 29) })
    expect(rangeOf('day', '2026-11-18', 1)).toEqual({ from: midnight(2026, 11, 18), to: midnight(2026, 11, 19) })
    expect(rangeOf('schedule', '2026-11-18', 1)).toEqual({ from: midnight(2026, 11, 18), to: midnight(2026, 12, 18) })
  })
  it('every range fits calendar/list’s 100 days', () => {
    for (const view of ['month', 'week', 'day', 'schedule'] as const) {
      const { from, to } = rangeOf(view, '2026-03-29', 1)
      expect(Date.parse(to) - Date.parse(from)).toBeLessThanOrEqual(100 * 24 * 3600_000)
    }
  })
})

describe('moving the focused day', () => {
  const at = (view: 'month' | 'week' | 'day' | 'schedule', focused: string) => ({
    view,
    focused,
    now: () => new Date(2026, 10, 18, 9).getTime(),
  })
  it('previous and next: a month (the day clamped to the month’s last), a week, a day, 30 days', () => {
    expect(moved(at('month', '2027-01-31'), { kind: 'next' })).toEqual({ view: 'month', focused: '2027-02-28' })
    expect(moved(at('month', '2026-03-31'), { kind: 'prev' })).toEqual({ view: 'month', focused: '2026-02-28' })
    expect(moved(at('week', '2026-12-29'), { kind: 'next' })).toEqual({ view: 'week', focused: '2027-01-05' })
    expect(moved(at('day', '2026-03-01'), { kind: 'prev' })).toEqual({ view: 'day', focused: '2026-02-28' })
    expect(moved(at('schedule', '2026-11-18'), { kind: 'next' })).toEqual({ view: 'schedule', focused: '2026-12-18' })
  })
  it('the grid’s keys, today, a picked day, Enter (the day’s own view)', () => {
    expect(moved(at('month', '2026-11-30'), { kind: 'days', days: 1 })).toEqual({ view: 'month', focused: '2026-12-01' })
    expect(moved(at('month', '2026-11-03'), { kind: 'days', days: -7 })).toEqual({ view: 'month', focused: '2026-10-27' })
    expect(moved(at('month', '2026-01-01'), { kind: 'today' })).toEqual({ view: 'month', focused: '2026-11-18' })
    expect(moved(at('week', '2026-01-01'), { kind: 'pick', date: '2026-05-05' })).toEqual({ view: 'week', focused: '2026-05-05' })
    expect(moved(at('month', '2026-11-20'), { kind: 'openDay' })).toEqual({ view: 'day', focused: '2026-11-20' })
  })
  it('days across a daylight-saving change stay whole days', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30')
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26')
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(startOfWeek('2026-11-01', 1)).toBe('2026-10-26')
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2028-02-29')).toBe(true)
  })
})

describe('the list’s four groups as one', () => {
  const event = (id: string, title: string): CalendarEvent =>
    ({ _id: id, title, rrule: null, kind: 'reminder', type: 'group' }) as unknown as CalendarEvent
  const occ = (e: CalendarEvent, start: string): CalendarOccurrence => ({
    event: e,
    occurrence: start,
    start,
    end: null,
    remind_at: start,
    moved: false,
  })
  it('each occurrence once, by start then title', () => {
    const a = event('a', 'Alpha')
    const b = event('b', 'Beta')
    const list: CalendarList = {
      group: [occ(b, '2026-11-18T10:00:00Z'), occ(a, '2026-11-18T10:00:00Z')],
      personal: [occ(a, '2026-11-17T10:00:00Z')],
      assign_by: [],
      assign_to: [occ(b, '2026-11-18T10:00:00Z')],
    }
    expect(occurrencesOf(list).map((item) => `${item.event.title}@${item.start}`)).toEqual([
      'Alpha@2026-11-17T10:00:00Z',
      'Alpha@2026-11-18T10:00:00Z',
      'Beta@2026-11-18T10:00:00Z',
    ])
  })
})

describe('a reminder message in the chat list', () => {
  it('shows its title, also from a preview cut short, never its JSON', () => {
    expect(reminderTitleOf('{"event_id":"e1","title":"Standup","start":"2026-11-18T02:00:00.000Z"}')).toBe('Standup')
    expect(reminderTitleOf('{"event_id":"e1","title":"Stand \\"up\\" now","sta')).toBe('Stand "up" now')
    expect(reminderTitleOf('{"event_id":"e1","title":"Standup is lo')).toBe('Standup is lo')
    expect(reminderTitleOf('not json')).toBe('')
  })
})
