// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { textMessage } from '../../model/support/messages'
import { Avatar } from '../../../src/ui/avatar'
import { readersByMessage } from '../../../src/ui/presence/seen-by'
import { statusExpiresAt } from '../../../src/services/status-form'
import dayjs from 'dayjs'

const sender = (id: string) => ({ _id: id, name: id, workid: id, photo_url: null })
const messages = [
  textMessage({ _id: 'm1', topic_id: 't', seq: 1, message: 'a', created_at: '2026-01-01T00:00:00Z', sender: sender('ann') }),
  textMessage({ _id: 'm2', topic_id: 't', seq: 2, message: 'a', created_at: '2026-01-01T00:00:00Z', sender: sender('bao') }),
  textMessage({ _id: 'm3', topic_id: 't', seq: 3, message: 'a', created_at: '2026-01-01T00:00:00Z', sender: sender('ann') }),
  textMessage({ _id: 'm5', topic_id: 't', seq: 5, message: 'a', created_at: '2026-01-01T00:00:00Z', sender: sender('ann') }),
]
const reader = (id: string, seq: number) => ({ user_id: id, name: id, photo_url: null, seq })

describe('read receipts under messages', () => {
  it('each reader sits under the latest loaded message they have seen that is not their own', () => {
    const at = readersByMessage(messages, [reader('bao', 3), reader('chi', 4), reader('dan', 0), reader('em', 9)])
    expect([...at.entries()].map(([id, rs]) => [id, rs.map((r) => r.user_id)])).toEqual([
      ['m3', ['bao', 'chi']],
      ['m5', ['em']],
    ])
    // Bao's position on his own message: he shows under Ann's message before it.
    expect(
      readersByMessage(messages, [reader('bao', 2)])
        .get('m1')
        ?.map((r) => r.user_id),
    ).toEqual(['bao'])
  })
})

describe('presence dot', () => {
  it('names the state, and do not disturb before it', () => {
    render(
      <I18nProvider i18n={i18n}>
        <Avatar photoUrl={null} initials="AN" presence={{ state: 'away', dnd: false }} />
        <Avatar photoUrl={null} initials="BA" presence={{ state: 'online', dnd: true }} />
      </I18nProvider>,
    )
    expect(screen.getByRole('img', { name: 'away' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'do not disturb' })).toBeTruthy()
  })
})

describe('status expiry choices', () => {
  it('turn into times in the user’s zone', () => {
    const now = dayjs('2026-11-28T10:15:00')
    expect(statusExpiresAt('30m', '', now)).toBe(dayjs('2026-11-28T10:45:00').toISOString())
    expect(statusExpiresAt('4h', '', now)).toBe(dayjs('2026-11-28T14:15:00').toISOString())
    expect(statusExpiresAt('today', '', now)).toBe(dayjs('2026-11-28T23:59:59.999').toISOString())
    // 28 Nov 2026 is a Saturday: this week ends that night (weeks start on Sunday).
    expect(statusExpiresAt('week', '', now)).toBe(dayjs('2026-11-28T23:59:59.999').toISOString())
    expect(statusExpiresAt('date', '2026-12-24', now)).toBe(dayjs('2026-12-24T23:59:59.999').toISOString())
    expect(statusExpiresAt('never', '', now)).toBeNull()
  })
})
