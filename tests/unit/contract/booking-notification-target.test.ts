import { describe, expect, it } from 'vitest'
import { notificationTarget, type TargetSource } from '../../../contract/notify-kinds'

/** A booking's notification (a request to approve, one's own booking decided, canceled, reminded) opens /calendar/booked; a calendar entry's, that entry's page. */
const source = (notifiable_type: 'booking' | 'calendar', key: string): TargetSource => ({
  notifiable_type,
  notifiable_id: 'bk-1',
  object_id: 'bk-1',
  value: null,
  notify_message_json: { key, value: { title: 'Consultation' } },
  customer: { workid: 'ann' },
})

describe('a booking notification', () => {
  for (const key of ['booking_request', 'booking_approved', 'booking_rejected', 'booking_canceled', 'booking_remind'])
    it(`${key} opens /calendar/booked`, () => {
      expect(notificationTarget(source('booking', key))).toBe('/calendar/booked')
    })
  it('a calendar reminder opens its event, /calendar/<id>', () => {
    expect(notificationTarget(source('calendar', 'calendar_notification'))).toBe('/calendar/bk-1')
  })
})
