import { describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { endpoints, type EndpointDef } from '../../../contract/endpoints'
import {
  errorOutcome,
  flattenFieldMessages,
  isSilent403Lookup,
  normalizePath,
  type ErrorOutcome,
} from '../../../src/services/error-catalogue'

/** The toast text of an outcome, in English. */
function toast(outcome: ErrorOutcome): string | null {
  if (outcome.kind !== 'toast') return null
  return typeof outcome.text === 'string' ? outcome.text : i18n._(outcome.text)
}

describe('error catalogue', () => {
  it('400: the message from the body when present', () => {
    const outcome = errorOutcome(400, { message: 'Code is incorrect', errors: { code: ['Code is incorrect'] } }, 'auth/verify-email')
    expect(toast(outcome)).toBe('Code is incorrect')
  })

  it('400: else the field validation messages, flattened', () => {
    const outcome = errorOutcome(
      400,
      { errors: { name: ['Field name is required'], password: ['Must be at least 6 characters', 'Must be at most 128 characters'] } },
      'auth/register',
    )
    expect(toast(outcome)).toBe('Field name is required\nMust be at least 6 characters\nMust be at most 128 characters')
    expect(toast(errorOutcome(400, { message: '', errors: { email: ['Email is invalid'] } }, 'auth/login'))).toBe('Email is invalid')
  })

  it('400 without any message: Error', () => {
    expect(toast(errorOutcome(400, null, 'x'))).toBe('Error')
    expect(toast(errorOutcome(400, 'not json', 'x'))).toBe('Error')
  })

  it('401: no toast, the session is refreshed or sent to /login', () => {
    expect(errorOutcome(401, { message: 'Please log in' }, 'customer/user-info')).toEqual({ kind: 'unauthorized' })
  })

  it('401 from the auth calls themselves is their message (no session to refresh)', () => {
    expect(toast(errorOutcome(401, { message: 'Your session has ended, please log in again' }, 'auth/refresh-token'))).toBe(
      'Your session has ended, please log in again',
    )
    expect(toast(errorOutcome(401, {}, '/api/auth/login'))).toBe('Error')
  })

  it('402: Payment Required', () => {
    expect(toast(errorOutcome(402, { message: 'whatever' }, 'channel/create'))).toBe('Payment Required')
  })

  it('403: Permission denied', () => {
    expect(toast(errorOutcome(403, { message: 'Permission denied' }, 'channel/update'))).toBe('Permission denied')
    expect(toast(errorOutcome(403, {}, 'message/send'))).toBe('Permission denied')
  })

  it('403 on the info, topic and label lookups: silent', () => {
    for (const path of [
      'topic/info',
      '/api/topic/detail?topic_id=1',
      'channel/info',
      'info/abc',
      'channel/label',
      'channel/labels?channel_id=2',
      'label/list',
    ]) {
      expect(errorOutcome(403, { message: 'Permission denied' }, path), path).toEqual({ kind: 'silent' })
      expect(isSilent403Lookup(path), path).toBe(true)
    }
    for (const path of ['customer/user-info', 'channel/create', 'message/send', 'informant/x']) {
      expect(isSilent403Lookup(path), path).toBe(false)
    }
  })

  it('404: Error', () => {
    expect(toast(errorOutcome(404, { message: 'Not found' }, 'topic-x/1'))).toBe('Error')
  })

  it('413: the storage message, linking to pricing', () => {
    const outcome = errorOutcome(413, { message: 'The file is too large' }, 'customer/avatar')
    expect(toast(outcome)).toBe('Your storage is running out, please upgrade here')
    expect(outcome).toMatchObject({ link: '/pricing' })
  })

  it('500: Server Error', () => {
    expect(toast(errorOutcome(500, { message: 'boom' }, 'x'))).toBe('Server Error')
  })

  it('every other code above 400: Error', () => {
    for (const status of [405, 409, 410, 422, 429, 502, 503, 504])
      expect(toast(errorOutcome(status, { message: 'x' }, 'x')), String(status)).toBe('Error')
  })

  it('paths are compared relative to /api/ without the query', () => {
    expect(normalizePath('http://localhost:3000/api/topic/info?topic_id=1')).toBe('topic/info')
    expect(normalizePath('/api/customer/user-info')).toBe('customer/user-info')
  })

  it('flattens the errorMessage state (arrays or single messages) in field order', () => {
    expect(flattenFieldMessages({ email: ['Email is invalid'], password: 'Must be at least 6 characters', code: [] })).toEqual([
      'Email is invalid',
      'Must be at least 6 characters',
    ])
    expect(flattenFieldMessages(null)).toEqual([])
  })
})

describe('the catalogue over every entry of the endpoint table', () => {
  const entries = Object.entries(endpoints as Record<string, EndpointDef>)

  it('a 401 ends the session for every signed-in call outside auth/; the auth calls show their message', () => {
    for (const [name, e] of entries) {
      const outcome = errorOutcome(401, { message: 'Please log in' }, e.path)
      const expected = e.tag === 'auth' ? 'toast' : 'unauthorized'
      expect([name, outcome.kind]).toEqual([name, expected])
    }
  })

  it('a 403 is silent exactly for the member-only lookups (info, topics, labels)', () => {
    const silent = entries
      .filter(([, e]) => errorOutcome(403, { message: 'Permission denied' }, e.path).kind === 'silent')
      .map(([name]) => name)
    expect(silent.sort()).toEqual(
      [
        'channelInfo',
        'channelLabelAdd',
        'channelLabelDelete',
        'channelLabels',
        'topicChatFriend',
        'topicHidden',
        'topicHide',
        'topicImage',
        'topicInfo',
        'topicLabel',
        'topicMemberAdd',
        'topicMemberRemove',
        'topicMessages',
        'topicPermission',
        'topicPinned',
        'topicRecent',
        'topicRename',
        'topicUnhide',
        // a to-do's and a poll card's read: each says it could not load
        'todoInfo',
        'voteInfo',
        // a booking's and a calendar entry's read (booking/info, calendar/info): the page says it could not load
        'bookingInfo',
        'calendarInfo',
      ].sort(),
    )
  })
})
