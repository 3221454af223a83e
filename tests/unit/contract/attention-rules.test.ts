import { describe, expect, it } from 'vitest'
import {
  type AttentionPrefs,
  DEFAULT_PREFS,
  deliveryRules,
  dndUntil,
  inDnd,
  isTimeZone,
  matchKeywords,
  MUTED_FOREVER,
  muteUntil,
  nextMorning,
  zonedInstant,
} from '../../../contract/attention'

// Expected instants are written out by hand (UTC), from the zones' published offsets.
const at = (iso: string) => new Date(iso)
const prefs = (more: Partial<AttentionPrefs>): AttentionPrefs => ({ ...DEFAULT_PREFS, ...more })
const weekdays = { enabled: true, days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }

describe('time zones', () => {
  it('accepts IANA names and refuses others', () => {
    for (const tz of ['Asia/Ho_Chi_Minh', 'Europe/Berlin', 'America/New_York', 'UTC', 'America/Argentina/Buenos_Aires'])
      expect(isTimeZone(tz), tz).toBe(true)
    for (const tz of ['', 'Mars/Olympus', '+07:00', 'GMT+7', 'Asia/Ho Chi Minh', 'x'.repeat(80)]) expect(isTimeZone(tz), tz).toBe(false)
  })

  it('finds the instant of a wall-clock time (no DST, and both sides of a DST change)', () => {
    expect(zonedInstant('Asia/Ho_Chi_Minh', 2026, 3, 11, 8).toISOString()).toBe('2026-03-11T01:00:00.000Z')
    expect(zonedInstant('Europe/Berlin', 2026, 3, 28, 8).toISOString()).toBe('2026-03-28T07:00:00.000Z')
    expect(zonedInstant('Europe/Berlin', 2026, 3, 29, 8).toISOString()).toBe('2026-03-29T06:00:00.000Z')
  })

  it('"until tomorrow" is the next 08:00 local', () => {
    // 03:00 in Ho Chi Minh City: today's 08:00 is still ahead.
    expect(nextMorning(at('2026-03-10T20:00:00Z'), 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-03-11T01:00:00.000Z')
    // 09:00 there: tomorrow's.
    expect(nextMorning(at('2026-03-11T02:00:00Z'), 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-03-12T01:00:00.000Z')
    // Saturday noon in Berlin, the night the clocks go forward: Sunday 08:00 is CEST (UTC+2).
    expect(nextMorning(at('2026-03-28T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-29T06:00:00.000Z')
    // The night they go back: Sunday 08:00 is CET (UTC+1).
    expect(nextMorning(at('2026-10-24T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-10-25T07:00:00.000Z')
    // New York, spring forward on 8 March 2026.
    expect(nextMorning(at('2026-03-07T15:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-08T12:00:00.000Z')
  })

  it('mute and do-not-disturb options end when chosen', () => {
    const now = at('2026-03-11T02:00:00Z')
    expect(muteUntil('1h', now, 'UTC')).toBe('2026-03-11T03:00:00.000Z')
    expect(muteUntil('tomorrow', now, 'Asia/Ho_Chi_Minh')).toBe('2026-03-12T01:00:00.000Z')
    expect(muteUntil('forever', now, 'UTC')).toBe(MUTED_FOREVER)
    expect(muteUntil('off', now, 'UTC')).toBeNull()
    expect(dndUntil('30m', now, 'UTC')).toBe('2026-03-11T02:30:00.000Z')
    expect(dndUntil('1h', now, 'UTC')).toBe('2026-03-11T03:00:00.000Z')
    // 03:00 in Berlin: today's 08:00 (CET).
    expect(dndUntil('tomorrow', now, 'Europe/Berlin')).toBe('2026-03-11T07:00:00.000Z')
    expect(dndUntil('off', now, 'UTC')).toBeNull()
  })
})

describe('do not disturb', () => {
  it('by hand: until the chosen instant, not after', () => {
    const p = prefs({ dnd_until: '2026-03-11T03:00:00.000Z' })
    expect(inDnd(p, at('2026-03-11T02:59:59Z'))).toBe(true)
    expect(inDnd(p, at('2026-03-11T03:00:00Z'))).toBe(false)
  })

  it('on a schedule: outside working hours and days, in the user’s zone (Ho Chi Minh City)', () => {
    const p = prefs({ time_zone: 'Asia/Ho_Chi_Minh', dnd_schedule: weekdays })
    expect(inDnd(p, at('2026-03-11T02:00:00Z'))).toBe(false) // Wed 09:00
    expect(inDnd(p, at('2026-03-11T01:59:00Z'))).toBe(true) // Wed 08:59
    expect(inDnd(p, at('2026-03-11T09:59:00Z'))).toBe(false) // Wed 16:59
    expect(inDnd(p, at('2026-03-11T10:00:00Z'))).toBe(true) // Wed 17:00
    expect(inDnd(p, at('2026-03-14T03:00:00Z'))).toBe(true) // Sat 10:00
    expect(inDnd(p, at('2026-03-15T20:00:00Z'))).toBe(true) // Mon 03:00 local, still Sunday in UTC
    expect(inDnd({ ...p, dnd_schedule: { ...weekdays, enabled: false } }, at('2026-03-14T03:00:00Z'))).toBe(false)
  })

  it('on a schedule across a DST change (Berlin): the same UTC time is 08:30 one week, 09:30 the next', () => {
    const p = prefs({ time_zone: 'Europe/Berlin', dnd_schedule: weekdays })
    expect(inDnd(p, at('2026-03-23T07:30:00Z'))).toBe(true) // Mon 08:30 CET
    expect(inDnd(p, at('2026-03-30T07:30:00Z'))).toBe(false) // Mon 09:30 CEST
  })
})

describe('deliveryRules', () => {
  const now = at('2026-03-11T02:00:00Z')
  const all = { notify: true, push: true, ring: true, email: true }
  const none = { notify: false, push: false, ring: false, email: false }

  it('reaches everyone by default', () => {
    expect(deliveryRules(DEFAULT_PREFS, { kind: 'message', topicId: 't1' }, now)).toEqual(all)
    expect(deliveryRules(DEFAULT_PREFS, { kind: 'call', topicId: 't1' }, now)).toEqual({ ...all, email: false })
  })

  it('a muted topic is silent until the mute ends; an urgent message does not break a mute', () => {
    const p = prefs({ topics: [{ topic_id: 't1', level: 'everything', muted_until: '2026-03-11T03:00:00.000Z' }] })
    expect(deliveryRules(p, { kind: 'message', topicId: 't1' }, now)).toEqual(none)
    expect(deliveryRules(p, { kind: 'mention', topicId: 't1', urgent: true }, now)).toEqual(none)
    expect(deliveryRules(p, { kind: 'call', topicId: 't1' }, now)).toEqual({ ...none, notify: true })
    expect(deliveryRules(p, { kind: 'message', topicId: 't2' }, now)).toEqual(all)
    expect(deliveryRules(p, { kind: 'message', topicId: 't1' }, at('2026-03-11T03:00:00Z'))).toEqual(all)
    const forever = prefs({ topics: [{ topic_id: 't1', level: 'everything', muted_until: MUTED_FOREVER }] })
    expect(deliveryRules(forever, { kind: 'mention', topicId: 't1' }, at('2090-01-01T00:00:00Z'))).toEqual(none)
  })

  it('levels: mentions only drops plain messages; nothing drops both; calls are not messages', () => {
    const mentions = prefs({ topics: [{ topic_id: 't1', level: 'mentions', muted_until: null }] })
    expect(deliveryRules(mentions, { kind: 'message', topicId: 't1' }, now)).toEqual(none)
    expect(deliveryRules(mentions, { kind: 'mention', topicId: 't1' }, now)).toEqual(all)
    const nothing = prefs({ topics: [{ topic_id: 't1', level: 'nothing', muted_until: null }] })
    expect(deliveryRules(nothing, { kind: 'mention', topicId: 't1' }, now)).toEqual(none)
    expect(deliveryRules(nothing, { kind: 'call', topicId: 't1' }, now).ring).toBe(true)
  })

  it('do not disturb keeps the in-app notification, stops push, ring and email; urgent breaks through', () => {
    const p = prefs({ dnd_until: '2026-03-11T03:00:00.000Z' })
    expect(deliveryRules(p, { kind: 'mention', topicId: 't1' }, now)).toEqual({ notify: true, push: false, ring: false, email: false })
    expect(deliveryRules(p, { kind: 'call', topicId: 't1' }, now)).toEqual({ notify: true, push: false, ring: false, email: false })
    expect(deliveryRules(p, { kind: 'booking_remind' }, now)).toEqual({ notify: true, push: false, ring: false, email: false })
    expect(deliveryRules(p, { kind: 'mention', topicId: 't1', urgent: true }, now)).toEqual(all)
  })

  it('the email only for those who keep it on', () => {
    expect(deliveryRules(prefs({ digest_email: false }), { kind: 'mention', topicId: 't1' }, now)).toEqual({ ...all, email: false })
  })
})

describe('keyword alerts', () => {
  it('match whole words, ignoring accents and case', () => {
    expect(matchKeywords('Ai xem giúp bản Phát Hành tối nay?', ['phat hanh', 'deploy'])).toEqual(['phat hanh'])
    expect(matchKeywords('Đặng is here', ['dang'])).toEqual(['dang'])
    expect(matchKeywords('DEPLOY now!', ['deploy'])).toEqual(['deploy'])
    expect(matchKeywords('redeploy and deployment', ['deploy'])).toEqual([])
    expect(matchKeywords('anything', [' ', ''])).toEqual([])
  })
})
