// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { FriendStatusProps } from '../../../src/machines/friend-status'
import { FriendActions } from '../../../src/ui/friend-status/friend-actions'

const none = () => {}
const props = (over: Partial<FriendStatusProps>): FriendStatusProps => ({
  visible: true,
  customerId: 'u-hoa',
  name: 'Hoa Pham',
  photoUrl: null,
  initials: 'HP',
  status: 'incoming',
  busy: null,
  canSend: false,
  canCancel: false,
  canRespond: true,
  canUnfriend: false,
  canBlock: true,
  canUnblock: false,
  error: null,
  errorDetail: null,
  confirming: null,
  onlyFriendsMessage: null,
  onSend: none,
  onCancel: none,
  onAccept: none,
  onReject: none,
  onUnfriend: none,
  onBlock: none,
  onUnblock: none,
  onConfirm: none,
  onDismiss: none,
  onRetry: none,
  ...over,
})

const show = (over: Partial<FriendStatusProps>) =>
  render(
    <I18nProvider i18n={i18n}>
      <FriendActions {...props(over)} showBlock />
    </I18nProvider>,
  )

describe('the friend buttons on a profile (360 px)', () => {
  it('a pending request: the words on their own line, then Accept, Reject and Block in one row (Block never wraps alone under the words)', () => {
    show({ status: 'incoming' })
    const words = screen.getByText('Sent you a friend request')
    expect(words.tagName).toBe('P')
    const row = screen.getByRole('button', { name: 'Accept' }).parentElement!
    expect(row.contains(words)).toBe(false)
    expect([...row.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Accept', 'Reject', 'Block'])
  })

  it('a sent request: the words above Cancel request and Block', () => {
    show({ status: 'requested', canRespond: false, canCancel: true })
    expect(screen.getByText('Friend request sent').tagName).toBe('P')
    const row = screen.getByRole('button', { name: 'Cancel request' }).parentElement!
    expect([...row.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Cancel request', 'Block'])
  })
})
