import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FIELD_LABELS, FIELD_MESSAGES, requiredMessage, SERVER_MESSAGES } from '../../../contract/messages'
import { COMPANY } from '../../../src/ui/marketing/company'

/**
 * The terminology table of the Vietnamese review (../shared/reviews/vietnamese.md, section 3) as
 * rules over locales/vi/messages.po: one word per concept. The rules are the reviewer's, written
 * here by hand; a translation that breaks one fails with its msgid.
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

describe('the company address', () => {
  it('is written with its Vietnamese diacritics', () => {
    expect(COMPANY.address.vi).toBe('Tầng 12, 81 Cách Mạng Tháng Tám, phường Bến Thành, TP. Hồ Chí Minh, Việt Nam')
    expect(COMPANY.address.en).toContain('Cách Mạng Tháng Tám')
    expect(COMPANY.address.en).not.toContain('Cach Mang')
  })
})
