/**
 * The spec's constants and the machines' pure rules, checked directly (the generated model tests
 * exercise them through the components; these pin the edge cases).
 */
import { describe, expect, it } from 'vitest'
import { channelQuota } from '../../contract/limits'
import { canCreateChannel, nameProblem, passwordProblem } from '../../src/machines/channel-form'
import { isRoomPath, roomOf } from '../../src/machines/incoming-call'
import { canStartMeeting, meetingHref } from '../../src/machines/meeting-form'
import { titleIconOf } from '../../src/machines/notification-badge'
import { chatBadgeOf, sortTopics, type TopicItem } from '../../src/machines/topic-list'
import { toneUrl } from '../../src/ui/call-overlay/call-tone'
import { answerOf, callOf } from '../support/calls'

describe('the product constants (docs/product-rules.md)', () => {
  it('channel quota by plan: premium 5, growth 100, freemium 1, unknown 1', () => {
    expect(['premium', 'growth', 'freemium', 'enterprise', undefined].map(channelQuota)).toEqual([5, 100, 1, 1, 1])
  })
})

describe('incoming call room', () => {
  it('status 301 goes to the room by result._id, anything else by the call uuid', () => {
    expect(roomOf(answerOf(callOf(), 301, 'r-1'), { uuid: 'u-1' })).toBe('r-1')
    expect(roomOf(answerOf(callOf(), 301, ''), { uuid: 'u-1' })).toBe('u-1')
    expect(roomOf(answerOf(callOf(), 200, 'r-1'), { uuid: 'u-1' })).toBe('u-1')
  })
  it('the room view is /room/... or /call-open/...', () => {
    expect(['/room/1', '/call-open/2', '/chat', '/rooms'].map(isRoomPath)).toEqual([true, true, false, false])
  })
})

describe('badges', () => {
  it('title icon: 1-4 numbered, 5 or more the 5 icon', () => {
    expect([0, 1, 4, 5, 6, 99, -1].map(titleIconOf)).toEqual([0, 1, 4, 5, 5, 5, 0])
  })
  it('chat badge capped at 10', () => {
    expect([0, 1, 10, 11, 250].map(chatBadgeOf)).toEqual([null, '1', '10', '10+', '10+'])
  })
})

describe('forms', () => {
  it('channel name: required (trimmed), at most 75; a private channel needs 6+ characters of password', () => {
    expect([' ', '', 'a', 'x'.repeat(75), 'x'.repeat(76), ` ${'x'.repeat(75)} `].map(nameProblem)).toEqual([
      'required',
      'required',
      null,
      null,
      'tooLong',
      null,
    ])
    expect(passwordProblem({ isPublic: false, password: '12345' })).toBe('tooShort')
    expect(passwordProblem({ isPublic: false, password: '123456' })).toBeNull()
    expect(passwordProblem({ isPublic: true, password: '' })).toBeNull()
    expect(canCreateChannel({ name: 'Team', isPublic: false, password: '123456' })).toBe(true)
    expect(canCreateChannel({ name: 'Team', isPublic: false, password: '1234' })).toBe(false)
  })
  it('meeting: Get started needs the meeting name or the user name; the page carries jwt, room, name, code', () => {
    expect(canStartMeeting({ roomName: ' ', name: '' })).toBe(false)
    expect(canStartMeeting({ roomName: '', name: 'Lan' })).toBe(true)
    expect(meetingHref({ _id: 'm 1', jwt: 'j', server_meet: 's', code: 'C-1' }, { roomName: ' Sync ', name: 'Lan N' })).toBe(
      '/call-open/m%201?jwt=j&room=Sync&name=Lan+N&code=C-1',
    )
  })
})

describe('topic order', () => {
  const t = (id: string, pin: boolean, at: string | null, created = '2026-01-01T00:00:00.000Z'): TopicItem => ({
    _id: id,
    name: id,
    is_group: false,
    is_pin: pin,
    is_seen: true,
    in_call: false,
    created_at: created,
    message: at ? { _id: `m-${id}`, message: '', type: 'text', created_at: at, deleted: false } : null,
  })
  it('pinned first, then by the latest message time, newest first; no message: the creation time; ties by id', () => {
    const sorted = sortTopics([
      t('old', false, '2026-03-01T08:00:00.000Z'),
      t('pinned-old', true, '2026-02-01T08:00:00.000Z'),
      t('new', false, '2026-03-02T08:00:00.000Z'),
      t('empty', false, null, '2026-03-01T09:00:00.000Z'),
      t('pinned-new', true, '2026-03-03T08:00:00.000Z'),
      t('tie-b', false, '2026-01-15T00:00:00.000Z'),
      t('tie-a', false, '2026-01-15T00:00:00.000Z'),
    ])
    expect(sorted.map((x) => x._id)).toEqual(['pinned-new', 'pinned-old', 'new', 'empty', 'old', 'tie-a', 'tie-b'])
  })
})

describe('call tones', () => {
  it('are WAV data URLs built once per kind', () => {
    const url = toneUrl('waiting')
    expect(url.startsWith('data:audio/wav;base64,UklGR')).toBe(true)
    expect(toneUrl('waiting')).toBe(url)
    expect(toneUrl('ringtone')).not.toBe(url)
  })
})
