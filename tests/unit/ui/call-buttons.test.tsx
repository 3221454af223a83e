// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Menu, MenuButton, MenuItems } from '@headlessui/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { CallButtons, type CallButtonsProps } from '../../../src/ui/call-overlay/call-buttons'
import { callDuration, CallSummaryLine } from '../../../src/ui/conversation/call-summary'

const show = (props: Partial<CallButtonsProps> & Pick<CallButtonsProps, 'onCall'>) =>
  render(
    <I18nProvider i18n={i18n}>
      <CallButtons name="Lan Trần" busy={false} variant="icon" {...props} />
    </I18nProvider>,
  )

afterEach(cleanup)

describe('call buttons', () => {
  it('voice and video call the person by name', async () => {
    const onCall = vi.fn()
    show({ onCall })
    await userEvent.click(screen.getByRole('button', { name: 'Voice call Lan Trần' }))
    await userEvent.click(screen.getByRole('button', { name: 'Video call Lan Trần' }))
    expect(onCall.mock.calls).toEqual([[false], [true]])
  })

  it('where only admins start calls, they stay focusable, say why, and call nobody', async () => {
    const onCall = vi.fn()
    show({ onCall, adminOnly: true })
    const voice = screen.getByRole('button', { name: 'Voice call Lan Trần' })
    expect(voice.getAttribute('aria-disabled')).toBe('true')
    expect(voice).toHaveProperty('disabled', false)
    const reason = document.getElementById(voice.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toBe('Only admins can start calls in this group.')
    await userEvent.click(voice)
    await userEvent.click(screen.getByRole('button', { name: 'Video call Lan Trần' }))
    expect(onCall).not.toHaveBeenCalled()
  })

  it('on phones they are two items of a menu, which call by name and wait while a call starts', async () => {
    const onCall = vi.fn()
    const inMenu = (busy: boolean) =>
      render(
        <I18nProvider i18n={i18n}>
          <Menu>
            <MenuButton>Chat options</MenuButton>
            <MenuItems>
              <CallButtons name="Lan Trần" busy={busy} variant="menu" onCall={onCall} />
            </MenuItems>
          </Menu>
        </I18nProvider>,
      )
    inMenu(false)
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Voice call Lan Trần',
      'Video call Lan Trần',
    ])
    await userEvent.click(screen.getByRole('menuitem', { name: 'Video call Lan Trần' }))
    expect(onCall.mock.calls).toEqual([[true]])
    cleanup()
    inMenu(true)
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Voice call Lan Trần' }))
    expect(onCall.mock.calls).toEqual([[true]])
  })

  it('wait while a call starts or rings', async () => {
    const onCall = vi.fn()
    show({ onCall, busy: true, variant: 'button' })
    await userEvent.click(screen.getByRole('button', { name: 'Video call Lan Trần' }))
    expect(onCall).not.toHaveBeenCalled()
  })
})

describe('call summary', () => {
  it('durations read m:ss, and h:mm:ss from an hour', () => {
    expect([0, 9, 61, 599, 3600, 3725].map(callDuration)).toEqual(['0:00', '0:09', '1:01', '9:59', '1:00:00', '1:02:05'])
  })

  it('says how the call ended', () => {
    const line = (summary: Parameters<typeof CallSummaryLine>[0]['summary']) => {
      const { container, unmount } = render(
        <I18nProvider i18n={i18n}>
          <CallSummaryLine summary={summary} />
        </I18nProvider>,
      )
      const text = container.textContent
      unmount()
      return text
    }
    const base = { call_id: 'c-1', is_video: false, duration_s: null }
    expect(line({ ...base, status: 'missed' })).toBe('Missed call')
    expect(line({ ...base, status: 'declined' })).toBe('Call declined')
    expect(line({ ...base, status: 'cancelled' })).toBe('Call cancelled')
    expect(line({ ...base, status: 'ended', duration_s: 75 })).toBe('Voice call, 1:15')
    expect(line({ ...base, status: 'ended', is_video: true, duration_s: 3725 })).toBe('Video call, 1:02:05')
  })
})
