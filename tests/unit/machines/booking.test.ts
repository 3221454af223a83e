import { describe, expect, it } from 'vitest'
import { addDays, clientIdFor, dayToShow, detailsProblems, mondayOf, weekDays } from '../../../src/machines/booking-page'
import { actionsFor, isInRole } from '../../../src/machines/booking-inbox'
import { nextWindow, slotsFormProblems, sortWindows, updateBodyOf, valuesOf, type SlotsFormContext } from '../../../src/machines/slots-form'
import { localSlotOf, weekRangeOf } from '../../../src/services/booking-time'
import type { Booking, BookingPage } from '../../../contract/booking'

/** The booking machines' pure rules and the week's range in a zone, against values written by hand. */

describe('weeks and days (YYYY-MM-DD, no time zone involved)', () => {
  it('finds the Monday of a day’s week, across months and years', () => {
    expect(['2026-03-04', '2026-03-02', '2026-03-08', '2026-03-01', '2027-01-01'].map(mondayOf)).toEqual([
      '2026-03-02',
      '2026-03-02',
      '2026-03-02',
      '2026-02-23',
      '2026-12-28',
    ])
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02')
    expect(addDays('2026-03-30', -7)).toBe('2026-03-23')
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ])
  })

  it('shows the day kept when it has times, else the first with times, else the first from today', () => {
    const slot = (day: string) => ({ start: `${day}T02:00:00.000Z`, end: `${day}T02:30:00.000Z`, day, time: '09:00' })
    const week = { weekStart: '2026-03-02', today: '2026-03-04' }
    expect(dayToShow({ ...week, day: '2026-03-05' }, [slot('2026-03-05'), slot('2026-03-06')])).toBe('2026-03-05')
    expect(dayToShow({ ...week, day: '2026-03-04' }, [slot('2026-03-06')])).toBe('2026-03-06')
    expect(dayToShow({ ...week, day: '2026-03-04' }, [])).toBe('2026-03-04')
    // A later week with nothing free: its Monday.
    expect(dayToShow({ weekStart: '2026-03-09', today: '2026-03-04', day: '2026-03-04' }, [])).toBe('2026-03-09')
  })

  it('names a request by the visit and the time', () => {
    expect(clientIdFor('visit-1', '2026-03-04T09:00:00+07:00')).toBe('visit-1-1772589600000')
  })
})

describe('the week in the visitor’s zone (dayjs)', () => {
  it('runs midnight to midnight there, an hour shorter across New York’s spring change', () => {
    expect(weekRangeOf('2026-03-02', 'Asia/Ho_Chi_Minh')).toEqual({ from: '2026-03-01T17:00:00.000Z', to: '2026-03-08T17:00:00.000Z' })
    expect(weekRangeOf('2026-03-02', 'America/New_York')).toEqual({ from: '2026-03-02T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' })
  })
  it('puts a free time on its day and clock there', () => {
    const slot = { start: '2026-03-08T23:30:00.000Z', end: '2026-03-09T00:00:00.000Z' }
    expect(localSlotOf(slot, 'Asia/Ho_Chi_Minh')).toEqual({ ...slot, day: '2026-03-09', time: '06:30' })
    expect(localSlotOf(slot, 'America/New_York')).toEqual({ ...slot, day: '2026-03-08', time: '19:30' })
  })
})

describe('the slots form', () => {
  const owner = { _id: 'u-1', name: 'Ann', workid: 'ann', photo_url: null }
  const page: BookingPage = {
    _id: 'bp-1',
    owner,
    title: 'Office hours',
    description: '',
    duration_minutes: 20,
    buffer_minutes: 5,
    min_notice_minutes: 120,
    horizon_days: 30,
    time_zone: 'Europe/Berlin',
    availability: [
      { weekday: 4, start: '14:00', end: '16:00' },
      { weekday: 2, start: '10:00', end: '12:00' },
    ],
    active: true,
    url: '/booking/bp-1',
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
  }
  const contextOf = (changes: Partial<SlotsFormContext>): SlotsFormContext => {
    const initial = valuesOf(page, 'UTC')
    return { clientId: 'c', pageId: 'bp-1', ...initial, initial, checked: false, error: null, fieldErrors: {}, ...changes }
  }

  it('offers a day’s next window an hour after its last, else 09:00–17:00', () => {
    expect(nextWindow([], 3)).toEqual({ weekday: 3, start: '09:00', end: '17:00' })
    expect(nextWindow([{ weekday: 3, start: '09:00', end: '12:00' }], 3)).toEqual({ weekday: 3, start: '13:00', end: '14:00' })
    expect(nextWindow([{ weekday: 3, start: '20:00', end: '23:30' }], 3)).toEqual({ weekday: 3, start: '22:00', end: '23:00' })
  })

  it('finds the problems: range, order, overlap, none', () => {
    const values = valuesOf(null, 'UTC')
    const problems = slotsFormProblems({
      ...values,
      title: ' ',
      duration: '481',
      buffer: '-1',
      notice: '43201',
      horizon: '0',
      windows: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '13:00' },
        { weekday: 2, start: '10:00', end: '09:00' },
        { weekday: 3, start: '9:00', end: '10:00' },
        { weekday: 4, start: '09:00', end: '12:00' },
        { weekday: 5, start: '12:00', end: '13:00' },
      ],
    })
    expect(problems).toEqual({
      title: 'required',
      description: null,
      duration: 'range',
      buffer: 'range',
      notice: 'range',
      horizon: 'range',
      timeZone: null,
      windows: null,
      window: ['overlap', 'overlap', 'order', 'time', null, null],
    })
    expect(slotsFormProblems({ ...values, title: 'x', windows: [] }).windows).toBe('none')
  })

  it('sends only what changed, the week in order', () => {
    expect(updateBodyOf(contextOf({}))).toBeNull()
    // Reordered but the same windows: nothing changed.
    expect(updateBodyOf(contextOf({ windows: [...page.availability] }))).toBeNull()
    expect(
      updateBodyOf(
        contextOf({
          title: ' Consultation ',
          buffer: '0',
          windows: sortWindows([...page.availability, { weekday: 1, start: '08:00', end: '09:00' }]),
        }),
      ),
    ).toEqual({
      page_id: 'bp-1',
      title: 'Consultation',
      buffer_minutes: 0,
      availability: [
        { weekday: 1, start: '08:00', end: '09:00' },
        { weekday: 2, start: '10:00', end: '12:00' },
        { weekday: 4, start: '14:00', end: '16:00' },
      ],
    })
  })
})

describe('the bookings list', () => {
  const me = { _id: 'u-me', name: 'Mai', workid: 'mai', photo_url: null }
  const other = { _id: 'u-ann', name: 'Ann', workid: 'ann', photo_url: null }
  const booking = (status: Booking['status'], booker: typeof me | null = null): Booking => ({
    _id: 'b-1',
    page_id: 'bp-1',
    page_title: 'Consultation',
    owner: booker ? other : me,
    booker,
    name: 'Lan',
    email: 'lan@example.com',
    note: '',
    start: '2026-03-04T02:00:00.000Z',
    end: '2026-03-04T02:30:00.000Z',
    status,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
  })
  it('lets the owner approve, decline or cancel a request, cancel an approved one; the booker only cancel', () => {
    expect(actionsFor(booking('requested'), 'owner')).toEqual(['approve', 'reject', 'cancel'])
    expect(actionsFor(booking('approved'), 'owner')).toEqual(['cancel'])
    expect(actionsFor(booking('rejected'), 'owner')).toEqual([])
    expect(actionsFor(booking('canceled'), 'owner')).toEqual([])
    expect(actionsFor(booking('requested', me), 'booker')).toEqual(['cancel'])
    expect(isInRole(booking('requested'), 'owner', 'u-me')).toBe(true)
    expect(isInRole(booking('requested'), 'booker', 'u-me')).toBe(false)
    expect(isInRole(booking('approved', me), 'booker', 'u-me')).toBe(true)
  })
  it('a guest needs a name and an email; a signed-in visitor neither', () => {
    expect(detailsProblems({ name: '', email: '', note: '', me: null })).toEqual({ name: 'required', email: 'required', note: null })
    expect(detailsProblems({ name: 'Lan', email: 'lan@', note: '', me: null })).toEqual({ name: null, email: 'invalid', note: null })
    expect(detailsProblems({ name: '', email: '', note: 'x'.repeat(1001), me: { name: 'Bao', email: 'b@x.io' } })).toEqual({
      name: null,
      email: null,
      note: 'tooLong',
    })
  })
})
