import { describe, expect, it } from 'vitest'
import { rruleValue } from '../../../contract/calendar'
import {
  choiceOf,
  NO_REPEAT,
  parseRrule,
  reminderFormProblems,
  repeatProblem,
  rruleOf,
  valuesOf,
  zonedInstant,
  zonedParts,
  type RepeatChoice,
  type ReminderFormInput,
} from '../../../src/machines/reminder-form'

/**
 * The repeat rule the form makes from its choices (RFC 5545 RRULE values written out by hand), the
 * rules it reads back for an edit, and wall-clock times in a reminder's own time zone.
 */

const custom = (choice: Partial<RepeatChoice>): RepeatChoice => ({ ...NO_REPEAT, repeat: 'custom', ...choice })
const HCM = 'Asia/Ho_Chi_Minh'

describe('the RRULE value of the repeat choices', () => {
  it('no repeat: none; the presets repeat on the start’s own day', () => {
    expect(rruleOf(NO_REPEAT, HCM)).toBeNull()
    expect(rruleOf({ ...NO_REPEAT, repeat: 'daily' }, HCM)).toBe('FREQ=DAILY')
    expect(rruleOf({ ...NO_REPEAT, repeat: 'weekly' }, HCM)).toBe('FREQ=WEEKLY')
    expect(rruleOf({ ...NO_REPEAT, repeat: 'monthly' }, HCM)).toBe('FREQ=MONTHLY')
  })
  it('custom: every other week on Monday and Wednesday, the weekdays Monday first whatever order they were ticked in', () => {
    expect(rruleOf(custom({ interval: '2', unit: 'week', weekdays: ['WE', 'MO'] }), HCM)).toBe('FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2')
    expect(rruleOf(custom({ interval: '1', unit: 'week', weekdays: ['SU', 'SA'] }), HCM)).toBe('FREQ=WEEKLY;BYDAY=SA,SU')
  })
  it('custom: an interval of 1 is left out; weekdays count for weeks only', () => {
    expect(rruleOf(custom({ interval: '1', unit: 'day' }), HCM)).toBe('FREQ=DAILY')
    expect(rruleOf(custom({ interval: '3', unit: 'month', weekdays: ['MO'] }), HCM)).toBe('FREQ=MONTHLY;INTERVAL=3')
    expect(rruleOf(custom({ interval: '1', unit: 'year' }), HCM)).toBe('FREQ=YEARLY')
  })
  it('custom: ending after a number of times is COUNT', () => {
    expect(rruleOf(custom({ interval: '2', unit: 'week', weekdays: ['MO', 'WE'], ends: 'count', count: '10' }), HCM)).toBe(
      'FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2;COUNT=10',
    )
    expect(rruleOf(custom({ interval: '1', unit: 'day', ends: 'count', count: '5' }), HCM)).toBe('FREQ=DAILY;COUNT=5')
  })
  it('custom: ending on a day is UNTIL the end of that day on the reminder’s clocks, in UTC', () => {
    // 23:59:59 on 31 December 2026 in Ho Chi Minh City (UTC+7) is 16:59:59 UTC.
    expect(rruleOf(custom({ interval: '1', unit: 'day', ends: 'until', until: '2026-12-31' }), HCM)).toBe(
      'FREQ=DAILY;UNTIL=20261231T165959Z',
    )
    // In New York in July (UTC-4): 03:59:59 UTC the next day.
    expect(rruleOf(custom({ interval: '1', unit: 'week', ends: 'until', until: '2026-07-04' }), 'America/New_York')).toBe(
      'FREQ=WEEKLY;UNTIL=20260705T035959Z',
    )
  })
  it('every rule it makes is one the contract takes', () => {
    const made = [
      rruleOf(custom({ interval: '99', unit: 'week', weekdays: [...'MO TU WE TH FR SA SU'.split(' ')] as RepeatChoice['weekdays'] }), HCM),
      rruleOf(custom({ ends: 'count', count: '999' }), HCM),
      rruleOf(custom({ ends: 'until', until: '2027-01-31' }), 'Europe/London'),
    ]
    for (const value of made) expect(rruleValue.safeParse(value).success, value!).toBe(true)
  })
})

describe('a custom repeat that is not one yet', () => {
  it('an interval of 1 to 99, a count of 1 to 999, an end day on or after the start', () => {
    expect(repeatProblem(custom({ interval: '0' }), '2026-11-18')).toBe('interval')
    expect(repeatProblem(custom({ interval: '100' }), '2026-11-18')).toBe('interval')
    expect(repeatProblem(custom({ interval: '2.5' }), '2026-11-18')).toBe('interval')
    expect(repeatProblem(custom({ interval: '' }), '2026-11-18')).toBe('interval')
    expect(repeatProblem(custom({ interval: '99' }), '2026-11-18')).toBeNull()
    expect(repeatProblem(custom({ ends: 'count', count: '0' }), '2026-11-18')).toBe('count')
    expect(repeatProblem(custom({ ends: 'count', count: '1000' }), '2026-11-18')).toBe('count')
    expect(repeatProblem(custom({ ends: 'until', until: '' }), '2026-11-18')).toBe('until')
    expect(repeatProblem(custom({ ends: 'until', until: '2026-11-17' }), '2026-11-18')).toBe('until')
    expect(repeatProblem(custom({ ends: 'until', until: '2026-11-18' }), '2026-11-18')).toBeNull()
    // A preset is always a rule, whatever the custom fields hold.
    expect(repeatProblem({ ...NO_REPEAT, repeat: 'weekly', interval: '0' }, '2026-11-18')).toBeNull()
  })
})

describe('reading a rule back (an edit)', () => {
  it('the presets as presets, the rest as custom', () => {
    expect(choiceOf(null, HCM).repeat).toBe('none')
    expect(choiceOf('FREQ=DAILY', HCM).repeat).toBe('daily')
    expect(choiceOf('FREQ=MONTHLY', HCM).repeat).toBe('monthly')
    expect(choiceOf('FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2;COUNT=10', HCM)).toEqual({
      repeat: 'custom',
      interval: '2',
      unit: 'week',
      weekdays: ['MO', 'WE'],
      ends: 'count',
      count: '10',
      until: '',
    })
    expect(choiceOf('FREQ=DAILY;UNTIL=20261231T165959Z', HCM)).toMatchObject({
      repeat: 'custom',
      unit: 'day',
      ends: 'until',
      until: '2026-12-31',
    })
  })
  it('what it reads it makes again', () => {
    for (const rule of ['FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2;COUNT=10', 'FREQ=DAILY;UNTIL=20261231T165959Z', 'FREQ=YEARLY;INTERVAL=2'])
      expect(rruleOf(choiceOf(rule, HCM), HCM)).toBe(rule)
  })
  it('the parts it does not make are named', () => {
    expect(parseRrule('FREQ=MONTHLY;BYMONTHDAY=-1')).toMatchObject({ unit: 'month', interval: 1, other: ['BYMONTHDAY'] })
    expect(parseRrule('FREQ=HOURLY')).toBeNull()
    expect(parseRrule(null)).toBeNull()
  })
})

describe('wall-clock times in a time zone', () => {
  it('a date and time on the zone’s clocks as an instant, and back', () => {
    expect(new Date(zonedInstant('2026-11-18', '10:00', HCM)!).toISOString()).toBe('2026-11-18T03:00:00.000Z')
    expect(new Date(zonedInstant('2026-11-18', '10:00', 'Europe/London')!).toISOString()).toBe('2026-11-18T10:00:00.000Z')
    expect(new Date(zonedInstant('2026-07-01', '10:00', 'Europe/London')!).toISOString()).toBe('2026-07-01T09:00:00.000Z')
    expect(zonedParts('2026-11-18T03:00:00.000Z', HCM)).toEqual({ date: '2026-11-18', time: '10:00' })
    expect(zonedParts('2026-11-18T20:30:00.000Z', HCM)).toEqual({ date: '2026-11-19', time: '03:30' })
  })
  it('across a daylight-saving change the clock time holds; a skipped time reads on the offset before it', () => {
    // New York: 8 March 2026, 02:00 EST becomes 03:00 EDT.
    expect(new Date(zonedInstant('2026-03-07', '09:00', 'America/New_York')!).toISOString()).toBe('2026-03-07T14:00:00.000Z')
    expect(new Date(zonedInstant('2026-03-09', '09:00', 'America/New_York')!).toISOString()).toBe('2026-03-09T13:00:00.000Z')
    expect(new Date(zonedInstant('2026-03-08', '02:30', 'America/New_York')!).toISOString()).toBe('2026-03-08T07:30:00.000Z')
    // Berlin: 29 March 2026, 02:00 CET becomes 03:00 CEST; 02:30 does not happen, it reads as 03:30 CEST.
    expect(new Date(zonedInstant('2026-03-28', '09:00', 'Europe/Berlin')!).toISOString()).toBe('2026-03-28T08:00:00.000Z')
    expect(new Date(zonedInstant('2026-03-30', '09:00', 'Europe/Berlin')!).toISOString()).toBe('2026-03-30T07:00:00.000Z')
    expect(new Date(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin')!).toISOString()).toBe('2026-03-29T01:30:00.000Z')
  })
  it('not a date, not a time, or an unknown zone: none', () => {
    expect(zonedInstant('2026-02-30', '10:00', HCM)).toBeNull()
    expect(zonedInstant('2026-11-18', '24:00', HCM)).toBeNull()
    expect(zonedInstant('2026-11-18', '', HCM)).toBeNull()
    expect(zonedInstant('2026-11-18', '10:00', 'Mars/Olympus')).toBeNull()
  })
})

describe('the form’s own checks', () => {
  const input: ReminderFormInput = {
    clientId: 'c',
    event: null,
    topicId: null,
    topicName: null,
    messageId: null,
    members: null,
    meId: 'u-1',
    timeZone: HCM,
    now: () => Date.parse('2026-11-18T02:10:00Z'),
  }
  const values = valuesOf(input)
  it('a new one starts at the next full hour today, or at 09:00 on a later day it was opened for', () => {
    expect(values).toMatchObject({ date: '2026-11-18', time: '10:00', kind: 'reminder', scope: 'personal', remind: 0, timeZone: HCM })
    expect(valuesOf({ ...input, day: '2026-11-25' })).toMatchObject({ date: '2026-11-25', time: '09:00' })
    expect(valuesOf({ ...input, day: '2026-11-01' })).toMatchObject({ date: '2026-11-18', time: '10:00' })
    // 23:30: the next full hour is tomorrow's midnight.
    expect(valuesOf({ ...input, now: () => Date.parse('2026-11-18T16:30:00Z') })).toMatchObject({ date: '2026-11-19', time: '00:00' })
  })
  it('an end after the start; a task assigned to someone; a time zone the browser knows', () => {
    const ok = { ...values, title: 'Standup' }
    expect(Object.values(reminderFormProblems(ok)).every((p) => p === null)).toBe(true)
    expect(reminderFormProblems({ ...ok, hasEnd: true, endDate: '2026-11-18', endTime: '10:00' }).end).toBe('beforeStart')
    expect(reminderFormProblems({ ...ok, hasEnd: true, endDate: '2026-11-18', endTime: '' }).end).toBe('invalid')
    expect(reminderFormProblems({ ...ok, hasEnd: true, endDate: '2026-11-18', endTime: '10:01' }).end).toBeNull()
    expect(reminderFormProblems({ ...ok, kind: 'task' }).assignees).toBe('required')
    expect(reminderFormProblems({ ...ok, kind: 'task', assigneeIds: Array.from({ length: 21 }, (_, i) => `u${i}`) }).assignees).toBe(
      'tooMany',
    )
    expect(reminderFormProblems({ ...ok, timeZone: 'Nowhere/Land' }).timeZone).toBe('invalid')
    expect(reminderFormProblems({ ...ok, time: '' }).start).toBe('invalid')
  })
})
