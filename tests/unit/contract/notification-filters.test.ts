import { describe, expect, it } from 'vitest'
import { NOTIFY_KINDS, NOTIFIABLE_TYPE_OF, inNotificationFilter, notifyKindOf, type NotifyKind } from '../../../contract/notify-kinds'

const of = (kind: NotifyKind) => ({ notifiable_type: NOTIFIABLE_TYPE_OF[kind], notify_message_json: { key: kind, value: {} } })
const shown = (filter: 'all' | 'mentions' | 'requests') => NOTIFY_KINDS.filter((kind) => inNotificationFilter(filter, of(kind)))

describe('the notification drawer filters', () => {
  it('All shows every kind', () => {
    expect(shown('all')).toEqual([...NOTIFY_KINDS])
  })

  it('Mentions shows the mentions only', () => {
    expect(shown('mentions')).toEqual(['tag_message'])
  })

  it('Requests shows the friend requests only (not an accepted request, not a booking request)', () => {
    expect(shown('requests')).toEqual(['friend_request'])
  })

  it('a notification without a message key is a mention by its type; a friend one without a key tells nothing', () => {
    expect(notifyKindOf({ notifiable_type: 'tag_message', notify_message_json: null })).toBe('tag_message')
    expect(inNotificationFilter('mentions', { notifiable_type: 'tag_message', notify_message_json: null })).toBe(true)
    expect(notifyKindOf({ notifiable_type: 'friend', notify_message_json: null })).toBeNull()
    expect(inNotificationFilter('requests', { notifiable_type: 'friend', notify_message_json: null })).toBe(false)
    expect(inNotificationFilter('all', { notifiable_type: 'friend', notify_message_json: null })).toBe(true)
  })

  it('an unknown message key falls back to the type', () => {
    expect(notifyKindOf({ notifiable_type: 'tag_message', notify_message_json: { key: 'keyword', value: {} } })).toBe('tag_message')
    expect(notifyKindOf({ notifiable_type: 'payment', notify_message_json: { key: 'keyword', value: {} } })).toBeNull()
  })
})
