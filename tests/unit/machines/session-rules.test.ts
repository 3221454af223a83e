import { describe, expect, it } from 'vitest'
import {
  accessTokenExpiry,
  initialsOf,
  logoutBody,
  REFRESH_AHEAD_MS,
  REFRESH_RETRY_MS,
  refreshDelay,
  wasRejected,
} from '../../../src/machines/session/session.rules'

/** The session's pure rules: token expiry, when to refresh, the logout body, refusals and avatar letters. */

/** A JWT-shaped token whose payload is `payload` in base64url (the signature is not read). */
const jwt = (payload: string) => `header.${Buffer.from(payload).toString('base64url')}.signature`

describe('session rules', () => {
  it('reads exp (seconds) of an access token as epoch ms, and null for anything else', () => {
    expect(accessTokenExpiry(jwt('{"exp":1700000000}'))).toBe(1_700_000_000_000)
    // base64url: this payload encodes with both '-' and '_', which plain base64 writes '+' and '/'.
    const urlSafe = jwt('{"exp":1700000000,"n":"??>>~~"}')
    expect(urlSafe.split('.')[1]).toMatch(/[-_]/)
    expect(accessTokenExpiry(urlSafe)).toBe(1_700_000_000_000)
    expect(accessTokenExpiry(jwt('{"exp":"soon"}'))).toBeNull()
    expect(accessTokenExpiry(jwt('{}'))).toBeNull()
    expect(accessTokenExpiry(jwt('not json'))).toBeNull()
    expect(accessTokenExpiry('opaque-token')).toBeNull()
    expect(accessTokenExpiry(null)).toBeNull()
  })

  it('refreshes a minute before expiry, at once when that is past, and never later than a timer can wait', () => {
    const now = 1_000_000
    expect(REFRESH_AHEAD_MS).toBe(60_000)
    expect(REFRESH_RETRY_MS).toBe(15_000)
    expect(refreshDelay(now + 10 * 60_000, now)).toBe(9 * 60_000)
    expect(refreshDelay(now + 30_000, now)).toBe(0)
    expect(refreshDelay(now - 1, now)).toBe(0)
    expect(refreshDelay(now + 2 ** 32, now)).toBe(2 ** 31 - 1)
    expect(refreshDelay(null, now)).toBe(2 ** 31 - 1)
  })

  it('sends fcm_token on logout only when one is held', () => {
    expect(logoutBody('fcm-1')).toEqual({ fcm_token: 'fcm-1' })
    expect(logoutBody(null)).toEqual({})
    expect(logoutBody('')).toEqual({})
  })

  it('counts as refused only a failure marked rejected: true', () => {
    expect(wasRejected({ rejected: true })).toBe(true)
    expect(wasRejected({ rejected: 'yes' })).toBe(false)
    expect(wasRejected({ rejected: false })).toBe(false)
    expect(wasRejected(new Error('offline'))).toBe(false)
    expect(wasRejected(null)).toBe(false)
    expect(wasRejected('rejected')).toBe(false)
  })

  it('takes the first letters of the first and last words, upper-cased, whole characters only', () => {
    expect(initialsOf('Lan Nguyễn')).toBe('LN')
    expect(initialsOf('  trần   thị   bình ')).toBe('TB')
    expect(initialsOf('bao')).toBe('B')
    expect(initialsOf('émile zola')).toBe('ÉZ')
    expect(initialsOf('😀 Bao')).toBe('😀B')
    expect(initialsOf('   ')).toBe('?')
  })
})
