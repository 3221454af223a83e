import { afterEach, describe, expect, it } from 'vitest'
import { NOTIFY_KINDS } from '../../../contract/notify-kinds'
import { activateLanguage } from '../../../src/services/i18n'
import { notificationText } from '../../../src/services/notification-text'

/** A notification's words in the reader's language, from its message key (the Lingui catalog, en and vi). */
const keyed = (key: string, value: Record<string, string>) => ({
  notify_message: 'fallback',
  customer: null,
  notify_message_json: { key, value },
})

describe('notificationText', () => {
  afterEach(() => activateLanguage('en'))

  it('words each kind in English and Vietnamese', async () => {
    const item = keyed('friend_request', { name: 'Minh' })
    expect(notificationText(item)).toBe('Minh sent you a friend request')
    await activateLanguage('vi')
    expect(notificationText(item)).toBe('Minh đã gửi cho bạn lời mời kết bạn')
    expect(notificationText(keyed('subscription_past_due', { title: 'Premium' }))).toBe(
      'Gói Premium của bạn đã quá hạn thanh toán, vui lòng thanh toán để tiếp tục sử dụng',
    )
  })

  it('has words for every kind in both languages (never the fallback)', async () => {
    for (const lang of ['en', 'vi'] as const) {
      await activateLanguage(lang)
      for (const kind of NOTIFY_KINDS) {
        const text = notificationText(keyed(kind, { name: 'N', title: 'T', time: '2026-01-02T03:04:00' }))
        expect(text, `${lang} ${kind}`).not.toBe('fallback')
        // Its values are in it: the name for friend requests and a missed call (from whom), else what it is about.
        expect(text, `${lang} ${kind}`).toMatch(kind.startsWith('friend_') || kind === 'missed_call' ? /\bN\b/ : /\bT\b/)
      }
    }
  })

  it("an old mention without the actor's name takes it from the customer", () => {
    expect(
      notificationText({
        notify_message: 'x',
        customer: { name: 'Hà', photo_url: null },
        notify_message_json: { key: 'tag_message', value: { title: 'Design' } },
      }),
    ).toBe('Hà mentioned you in Design')
  })
})
