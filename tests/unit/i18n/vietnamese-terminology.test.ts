import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FIELD_LABELS, FIELD_MESSAGES, requiredMessage, SERVER_MESSAGES } from '../../../contract/messages'
import { NOTIFY_KINDS, NOTIFY_TEXTS } from '../../../contract/notify-kinds'
import { COMPANY } from '../../../src/ui/marketing/company'

/**
 * The terminology tables of the Vietnamese reviews (../shared/reviews/vietnamese.md and
 * vietnamese-2.md, section 3) as rules over locales/vi/messages.po and the server's Vietnamese
 * strings: one word per concept. The rules are the reviewers', written here by hand; a translation
 * that breaks one fails with its msgid.
 */

interface Entry {
  context: string | null
  id: string
  str: string
}

const unquote = (block: string) =>
  [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\"/g, '"').replace(/\\\\/g, '\\')).join('')

function entriesOf(file: string): Entry[] {
  const text = readFileSync(file, 'utf8')
  const entry = /(?:msgctxt ((?:"(?:[^"\\]|\\.)*"\n)+))?msgid ((?:"(?:[^"\\]|\\.)*"\n)+)msgstr ((?:"(?:[^"\\]|\\.)*"(?:\n|$))+)/g
  return [...text.matchAll(entry)]
    .map((m) => ({ context: m[1] ? unquote(m[1]) : null, id: unquote(m[2]!), str: unquote(m[3]!) }))
    .filter((e) => e.id !== '')
}

const VI = entriesOf(path.resolve(__dirname, '../../../locales/vi/messages.po'))

/** Strings about a channel whose English leaves the word implied (the channel form, channel roles). */
const CHANNEL_IMPLIED = new Set([
  'Make it public, or private with a password of at least 6 characters, then create it.',
  'Owner: the creator. Manages billing, settings and can hand over ownership.',
])

/**
 * The only strings where the user speaks (a question they ask, a choice they say), so "tôi" is the
 * user. Everywhere else the app speaks to the user as "bạn" (review 2: no switch to "tôi" in a form).
 */
const USER_VOICE = new Set([
  'Can I change plans later?',
  'What counts towards my channel quota?',
  'Compose my plan',
  'For my business',
  'For myself',
])

/** "tôi" on its own, not in "chúng tôi" (we, the company). */
const saysToi = (str: string) => /(^|[^\p{L}])tôi(?![\p{L}])/iu.test(str.replace(/chúng tôi/giu, ''))

/** Each rule: what a Vietnamese string must not say, and when (the msgid decides). */
const RULES: { rule: string; breaks: (e: Entry) => boolean }[] = [
  {
    rule: '"kênh" only for channels',
    breaks: (e) => /kênh/i.test(e.str) && !/channel/i.test(e.id) && !CHANNEL_IMPLIED.has(e.id),
  },
  {
    rule: 'the support chat is "Trò chuyện hỗ trợ"',
    breaks: (e) => /support chat/i.test(e.id) && !/Trò chuyện hỗ trợ/.test(e.str),
  },
  { rule: 'no "kênh chat"', breaks: (e) => /kênh chat/i.test(e.str) },
  { rule: 'grow is never "lớn lên"', breaks: (e) => /lớn lên/i.test(e.str) },
  {
    rule: 'a drawer is a "bảng", never a "ngăn"',
    breaks: (e) => /drawer/i.test(e.id) && (/\bngăn\b/i.test(e.str) || !/bảng/i.test(e.str)),
  },
  { rule: 'a badge is a count, not a "huy hiệu"', breaks: (e) => /huy hiệu/i.test(e.str) },
  { rule: 'Workroom is the brand, written "Workroom"', breaks: (e) => /\bworkroom\b/.test(e.str) },
  { rule: 'no loanword "chat" in the UI (chatbot is a product name)', breaks: (e) => /\bchat\b/i.test(e.str.replace(/chatbot/gi, '')) },
  { rule: 'workid, not "Work ID"', breaks: (e) => /Work ID/.test(e.str) },
  {
    rule: 'a team is never a "nhóm" (that is a group)',
    breaks: (e) => /\bteam\b/i.test(e.id) && !/\bgroups?\b/i.test(e.id) && /nhóm/i.test(e.str) && !/đội nhóm/.test(e.str),
  },
  // Review 2 (notifications, friends, sessions, trash).
  {
    rule: 'mute is "tắt thông báo" / "bật lại thông báo", never "tắt tiếng" / "bật tiếng" (that is the microphone)',
    breaks: (e) =>
      /\b(un)?mut(e|ed|es|ing)\b/i.test(e.id) && !/microphone/i.test(e.id) && (/(tắt|bật) tiếng/i.test(e.str) || !/thông báo/.test(e.str)),
  },
  { rule: 'the notification level "nothing" is "Không thông báo", never "Không gì cả"', breaks: (e) => /không gì cả/i.test(e.str) },
  {
    rule: 'do not disturb until: "(đến {0})", never "làm phiền đến"',
    breaks: (e) => /làm phiền đến/i.test(e.str) || (/do not disturb/i.test(e.id) && !/không làm phiền/i.test(e.str)),
  },
  { rule: 'never "thông báo đến {…}" (reads "incoming notifications")', breaks: (e) => /thông báo đến \{/i.test(e.str) },
  {
    rule: 'keyword alerts are "thông báo theo từ khóa", not "cảnh báo"',
    breaks: (e) => /cảnh báo từ khóa/i.test(e.str) || (/keyword alert/i.test(e.id) && !/thông báo theo từ khóa/i.test(e.str)),
  },
  {
    rule: 'notify anyway is "vẫn gửi thông báo", never "khẩn"',
    breaks: (e) => /notif(y|ied|ying) anyway/i.test(e.id) && (/khẩn/i.test(e.str) || !/gửi thông báo/i.test(e.str)),
  },
  {
    rule: 'a failed search is an error, not "Không tìm được" (that reads as no results)',
    breaks: (e) => /search failed/i.test(e.id) && (/không tìm được/i.test(e.str) || !/lỗi/i.test(e.str)),
  },
  {
    rule: 'the app speaks to the user as "bạn": no "tôi" outside the user’s own words',
    breaks: (e) => !USER_VOICE.has(e.id) && saysToi(e.str),
  },
  { rule: 'a mention is "nhắc đến"', breaks: (e) => /\bmention/i.test(e.id) && !/nhắc đến/i.test(e.str) },
  { rule: 'a direct message is "tin nhắn riêng"', breaks: (e) => /direct message/i.test(e.id) && !/tin nhắn riêng/i.test(e.str) },
  {
    rule: 'missed-message emails are about "tin nhắn chưa đọc", not "bị bỏ lỡ"',
    breaks: (e) => /bị bỏ lỡ/i.test(e.str) || (/missed-message/i.test(e.id) && !/chưa đọc/i.test(e.str)),
  },
  { rule: 'a friend request is a "lời mời kết bạn"', breaks: (e) => /friend request/i.test(e.id) && !/lời mời kết bạn/i.test(e.str) },
  { rule: 'unfriend is "hủy kết bạn"', breaks: (e) => /unfriend/i.test(e.id) && !/hủy kết bạn/i.test(e.str) },
  {
    rule: 'block / unblock is "chặn" / "bỏ chặn" (a code block aside: "khối mã")',
    breaks: (e) => /\b(un)?block(ed|ing)?\b/i.test(e.id) && !/code block/i.test(e.id) && !/chặn/i.test(e.str),
  },
  { rule: 'archive (contacts) is "lưu trữ"', breaks: (e) => /\b(un)?archiv/i.test(e.id) && !/lưu trữ/i.test(e.str) },
  { rule: 'working hours are "giờ làm việc"', breaks: (e) => /working hours/i.test(e.id) && !/giờ làm việc/i.test(e.str) },
  { rule: 'a time zone is a "múi giờ"', breaks: (e) => /time ?zone/i.test(e.id) && !/múi giờ/i.test(e.str) },
  {
    rule: 'a session is a "phiên (đăng nhập)" (a live training session aside)',
    breaks: (e) => /\bsessions?\b/i.test(e.id) && !/live sessions/i.test(e.id) && !/phiên/i.test(e.str),
  },
  { rule: 'the trash is the "thùng rác"', breaks: (e) => /\btrash/i.test(e.id) && !/thùng rác/i.test(e.str) },
  { rule: 'restore is "khôi phục"', breaks: (e) => /\brestore/i.test(e.id) && !/khôi phục/i.test(e.str) },
  { rule: 'delete for good is "xóa vĩnh viễn"', breaks: (e) => /for good/i.test(e.id) && !/xóa vĩnh viễn/i.test(e.str) },
  { rule: 'push notifications are "thông báo đẩy"', breaks: (e) => /\bpush\b/i.test(e.id) && !/thông báo đẩy/i.test(e.str) },
  {
    rule: 'an approved booking is "đã được xác nhận", not "duyệt"',
    breaks: (e) => /booking.*\bapproved\b/i.test(e.id) && (/(?<!trình )duyệt/i.test(e.str) || !/xác nhận/i.test(e.str)),
  },
]

describe('Vietnamese terminology (review section 3)', () => {
  it('reads every entry of the catalogue', () => {
    // The review counted 915 entries; the catalogue only grows.
    expect(VI.length).toBeGreaterThan(900)
    expect(VI.filter((e) => e.str === '').map((e) => e.id)).toEqual([])
  })

  for (const { rule, breaks } of RULES) {
    it(rule, () => {
      expect(VI.filter(breaks).map((e) => `${e.id} => ${e.str}`)).toEqual([])
    })
  }

  it('catches a translation that breaks a rule', () => {
    const broken: Entry[] = [
      { context: null, id: 'Support chat', str: 'Kênh chat hỗ trợ' },
      { context: null, id: 'Simple plans that grow with your channels', str: 'Các gói đơn giản, lớn lên cùng các kênh của bạn' },
      { context: null, id: 'Open the account drawer', str: 'Mở ngăn tài khoản' },
    ]
    const broke = (e: Entry) => RULES.filter((r) => r.breaks(e)).map((r) => r.rule)
    expect(broke(broken[0]!)).toEqual([
      '"kênh" only for channels',
      'the support chat is "Trò chuyện hỗ trợ"',
      'no "kênh chat"',
      'no loanword "chat" in the UI (chatbot is a product name)',
    ])
    expect(broke(broken[1]!)).toEqual(['grow is never "lớn lên"'])
    expect(broke(broken[2]!)).toEqual(['a drawer is a "bảng", never a "ngăn"'])
  })

  it('catches the wordings review 2 took out', () => {
    const broke = (id: string, str: string) => RULES.filter((r) => r.breaks({ context: null, id, str })).map((r) => r.rule)
    const named = (start: string) => RULES.find((r) => r.rule.startsWith(start))!.rule
    const [mute, nothing, dnd, incoming, keyword, anyway, search, toi, missed, approved] = [
      'mute is',
      'the notification level',
      'do not disturb until',
      'never "thông báo đến',
      'keyword alerts',
      'notify anyway',
      'a failed search',
      'the app speaks to the user',
      'missed-message emails',
      'an approved booking',
    ].map(named)
    expect(broke('Mute for 1 hour', 'Tắt tiếng trong 1 giờ')).toEqual([mute])
    expect(broke('Unmute', 'Bật tiếng')).toEqual([mute])
    expect(broke('Mute until I turn it back on', 'Tắt tiếng cho đến khi tôi bật lại')).toEqual([mute, toi])
    expect(broke('During the call, mute your microphone.', 'Trong cuộc gọi, hãy tắt tiếng micro.')).toEqual([])
    expect(broke('Nothing', 'Không gì cả')).toEqual([nothing])
    expect(broke('Do not disturb until {0}', 'Không làm phiền đến {0}')).toEqual([dnd])
    expect(broke('{name} has paused notifications until {0}.', '{name} đã tạm dừng thông báo đến {0}.')).toEqual([incoming])
    expect(broke('Keyword alerts', 'Cảnh báo từ khóa')).toEqual([keyword])
    expect(broke('Notified anyway.', 'Đã gửi thông báo khẩn.')).toEqual([anyway])
    expect(broke('Notify anyway', 'Vẫn thông báo')).toEqual([anyway])
    expect(broke('The search failed.', 'Không tìm được. Đã có lỗi xảy ra.')).toEqual([search])
    expect(broke('Notify me about', 'Thông báo cho tôi về')).toEqual([toi])
    expect(broke('Only friends can call me', 'Chỉ bạn bè mới có thể gọi cho tôi')).toEqual([toi])
    expect(broke('Contact us', 'Liên hệ với chúng tôi')).toEqual([])
    expect(broke('Missed-message emails', 'Email về tin nhắn bị bỏ lỡ')).toEqual([missed])
    expect(broke('Your booking for {title} at {time} was approved', 'Lịch hẹn {title} của bạn lúc {time} đã được duyệt')).toEqual([
      approved,
    ])
    expect(broke('Continue in browser', 'Tiếp tục trên trình duyệt')).toEqual([])
  })

  it('review 2’s fixes are in: the mute menu, the topic bell, do not disturb, search, the unsubscribe page', () => {
    const str = (id: string) => VI.find((e) => e.id === id && e.context === null)?.str
    expect(str('Mute for 1 hour')).toBe('Tắt thông báo trong 1 giờ')
    expect(str('Mute until 8:00')).toBe('Tắt thông báo đến 8 giờ sáng')
    expect(str('Mute until I turn it back on')).toBe('Tắt thông báo đến khi bật lại')
    expect(str('Muted')).toBe('Đã tắt thông báo')
    expect(str('Muted until {0}')).toBe('Đã tắt thông báo (đến {0})')
    expect(str('Unmute')).toBe('Bật lại thông báo')
    expect(str('Notify me about')).toBe('Mức thông báo')
    expect([str('All messages'), str('Mentions only'), str('Nothing')]).toEqual([
      'Tất cả tin nhắn',
      'Chỉ khi được nhắc đến',
      'Không thông báo',
    ])
    expect(str('Do not disturb until {0}')).toBe('Không làm phiền (đến {0})')
    expect(str('Pause until 8:00')).toBe('Tạm dừng đến 8 giờ sáng')
    expect(str('The search failed.')).toBe('Đã xảy ra lỗi khi tìm kiếm.')
    expect(str('Done: you will not get these emails any more. You can turn them back on in your settings.')).not.toMatch(/^Xong/)
    expect(str('Sign out {name}')).toBe('Đăng xuất trên {name}')
  })

  it('the review’s fixes are in: unnamed chats, the member button, storage', () => {
    const str = (id: string, context: string | null = null) => VI.find((e) => e.id === id && e.context === context)?.str
    expect(str('New Message')).toBe('Cuộc trò chuyện mới')
    expect(str('New Message')).not.toBe(str('New messages'))
    expect(str('Remove {0}', 'member')).toBe('Xóa {0} khỏi nhóm')
    expect(str('Remove {0}')).toBe('Gỡ {0}')
    expect(str('Storage')).toBe('Dung lượng lưu trữ')
    expect(str('Dismiss')).toBe('Đóng')
  })
})

describe('server messages in Vietnamese name no English field', () => {
  it('a required field is named by its Vietnamese label, or not at all', () => {
    expect(requiredMessage('name', 'vi')).toBe('Vui lòng nhập tên')
    expect(requiredMessage('password', 'vi')).toBe('Vui lòng nhập mật khẩu')
    expect(requiredMessage('some_new_field', 'vi')).toBe('Vui lòng nhập trường này')
    expect(requiredMessage('name', 'en')).toBe('Field name is required')
    // A label is Vietnamese text, not a wire key.
    // A label is Vietnamese text, not the wire key (email and website are the words Vietnamese uses).
    for (const [key, label] of Object.entries(FIELD_LABELS)) {
      expect(label, key).not.toContain('_')
      if (!['email', 'website'].includes(key)) expect(label, key).not.toBe(key)
    }
  })

  it('no Vietnamese server message carries a placeholder other than its own values', () => {
    for (const { vi } of [...Object.values(SERVER_MESSAGES), ...Object.values(FIELD_MESSAGES)])
      expect(vi).not.toMatch(/\{field\}.*\{field\}/)
    // The channel-limit message reads the same from the server and in the app (review fix 12).
    expect(SERVER_MESSAGES.channelLimit.vi).toBe(VI.find((e) => e.id === SERVER_MESSAGES.channelLimit.en)?.str)
  })
})

describe('the notification kinds in Vietnamese (the push body and fallback text)', () => {
  const serverKinds = NOTIFY_KINDS.map((kind) => ({ context: null, id: NOTIFY_TEXTS[kind].en, str: NOTIFY_TEXTS[kind].vi }))

  it('are worded as in the app’s catalogue', () => {
    for (const kind of serverKinds) expect(kind.str, kind.id).toBe(VI.find((e) => e.id === kind.id && e.context === null)?.str)
  })

  it('follow the terminology rules, as do the server’s messages', () => {
    const server: Entry[] = [
      ...serverKinds,
      ...[...Object.values(SERVER_MESSAGES), ...Object.values(FIELD_MESSAGES)].map(({ en, vi }) => ({ context: null, id: en, str: vi })),
    ]
    for (const { rule, breaks } of RULES)
      expect(
        server.filter(breaks).map((e) => `${e.id} => ${e.str}`),
        rule,
      ).toEqual([])
  })
})

describe('the company address', () => {
  it('is written with its Vietnamese diacritics', () => {
    expect(COMPANY.address.vi).toBe('Tầng 12, 81 Cách Mạng Tháng Tám, phường Bến Thành, TP. Hồ Chí Minh, Việt Nam')
    expect(COMPANY.address.en).toContain('Cách Mạng Tháng Tám')
    expect(COMPANY.address.en).not.toContain('Cach Mang')
  })
})
