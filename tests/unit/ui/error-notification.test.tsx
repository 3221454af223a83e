// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { getErrorMessage, setErrorMessage, useErrorNotification } from '../../../src/services/error-message'
import { ErrorNotification } from '../../../src/ui/auth/error-notification'

function AuthPage({ page }: { page: string }) {
  const errors = useErrorNotification(page)
  return <ErrorNotification messages={errors.messages} onDismiss={errors.dismiss} />
}

const mount = (page: string) =>
  render(
    <I18nProvider i18n={i18n}>
      <AuthPage page={page} />
    </I18nProvider>,
  )

describe('auth layout error notification (global errorMessage)', () => {
  it('shows the flattened messages of the errorMessage state, then clears the state', () => {
    mount('/sign-up')
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => setErrorMessage({ email: ['This email is already registered'], password: ['Must be at least 6 characters'] }))
    const items = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(items).toEqual(['This email is already registered', 'Must be at least 6 characters'])
    expect(getErrorMessage()).toEqual({})
  })

  it('ignores errors left by other pages and resets when the page changes', () => {
    setErrorMessage({ name: ['Must be at most 75 characters'] })
    const view = mount('/verify-email')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(getErrorMessage()).toEqual({})
    act(() => setErrorMessage({ code: ['Code is incorrect'] }))
    expect(screen.getByRole('alert').textContent).toContain('Code is incorrect')
    view.rerender(
      <I18nProvider i18n={i18n}>
        <AuthPage page="/login" />
      </I18nProvider>,
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
