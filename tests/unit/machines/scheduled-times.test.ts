import { describe, expect, it } from 'vitest'
import type { ScheduledMessage } from '../../../contract/scheduled'
import { fieldErrorOf, fieldsOf, instantOf } from '../../../src/machines/scheduled-form'
import { editsFor } from '../../../src/machines/scheduled-list'

/**
 * The scheduled form's date and time fields in the reader's zone and its checks, and where a
 * changed scheduled message goes in a list: what the generated paths do not reach. Expected
 * values written by hand.
 */
describe('the scheduled form’s fields', () => {
  it('reads and writes wall-clock times in the reader’s zone, through a daylight-saving change', () => {
    // 09:00 in Berlin on Sunday 31 March 2030 is summer time (UTC+2); the day before, winter time (UTC+1).
    expect(instantOf('2030-03-31', '09:00', 'Europe/Berlin')?.toISOString()).toBe('2030-03-31T07:00:00.000Z')
    expect(instantOf('2030-03-30', '09:00', 'Europe/Berlin')?.toISOString()).toBe('2030-03-30T08:00:00.000Z')
    expect(fieldsOf(new Date('2030-03-31T07:00:00Z'), 'Europe/Berlin')).toEqual({ date: '2030-03-31', time: '09:00' })
    expect(fieldsOf(new Date('2026-03-13T07:30:00Z'), 'Asia/Ho_Chi_Minh')).toEqual({ date: '2026-03-13', time: '14:30' })
  })

  it('refuses what is not a date and time, a time gone by, one more than a year ahead, and an empty text', () => {
    expect(instantOf('2030-13-01', '09:00', 'UTC')).toBeNull()
    expect(instantOf('2030-01-01', '24:00', 'UTC')).toBeNull()
    expect(instantOf('tomorrow', '09:00', 'UTC')).toBeNull()
    const now = Date.parse('2030-01-01T12:00:00Z')
    const check = (date: string, time: string, text = 'Hi') => fieldErrorOf({ date, time, text, timeZone: 'UTC' }, now)
    expect(check('2030-01-01', '12:01')).toBeNull()
    expect(check('2030-01-01', '12:00')).toBe('past')
    expect(check('2030-12-31', '12:00')).toBeNull()
    expect(check('2031-01-01', '12:01')).toBe('tooFar')
    expect(check('2030-01-01', '')).toBe('invalid')
    expect(check('2030-01-02', '09:00', '   ')).toBe('empty')
  })
})

describe('a changed scheduled message in a list', () => {
  const item = (id: string, sendAt: string, fields: Partial<ScheduledMessage> = {}): ScheduledMessage => ({
    _id: id,
    client_id: id,
    topic_id: 't-1',
    topic_name: 'Team',
    message: id,
    send_at: sendAt,
    status: 'pending',
    error: null,
    message_id: null,
    created_at: sendAt,
    updated_at: sendAt,
    ...fields,
  })
  const items = [item('a', '2030-01-01T09:00:00Z'), item('b', '2030-01-01T10:00:00Z'), item('c', '2030-01-01T11:00:00Z')]

  it('a new one goes in by its time; a moved one leaves its place for its new one', () => {
    expect(editsFor(items, item('n', '2030-01-01T10:30:00Z'), 't-1')).toEqual([
      { type: 'INSERT', item: item('n', '2030-01-01T10:30:00Z'), at: 2 },
    ])
    const moved = item('a', '2030-01-01T12:00:00Z')
    expect(editsFor(items, moved, null)).toEqual([
      { type: 'REMOVE', id: 'a' },
      { type: 'INSERT', item: moved, at: 2 },
    ])
  })

  it('a sent or cancelled one leaves; another chat’s stays out of a chat’s list but joins the list of every chat', () => {
    expect(editsFor(items, { ...items[1]!, status: 'sent' }, 't-1')).toEqual([{ type: 'REMOVE', id: 'b' }])
    expect(editsFor(items, { ...items[1]!, status: 'cancelled' }, null)).toEqual([{ type: 'REMOVE', id: 'b' }])
    const elsewhere = item('x', '2030-01-01T08:00:00Z', { topic_id: 't-2' })
    expect(editsFor(items, elsewhere, 't-1')).toEqual([])
    expect(editsFor(items, elsewhere, null)).toEqual([{ type: 'INSERT', item: elsewhere, at: 0 }])
    expect(editsFor(items, { ...items[0]!, status: 'failed', error: 'forbidden' }, 't-1')).toEqual([
      { type: 'REMOVE', id: 'a' },
      { type: 'INSERT', item: { ...items[0]!, status: 'failed', error: 'forbidden' }, at: 0 },
    ])
  })
})
