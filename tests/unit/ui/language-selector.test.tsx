// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { Language } from '../../../contract/common'
import { LanguageSelector } from '../../../src/ui/language-selector'

const chosen: Language[] = []
const onChoose = (language: Language) => void chosen.push(language)

describe('LanguageSelector', () => {
  afterEach(() => {
    chosen.length = 0
  })

  it('is a button named Language EN (its visible text) opening a listbox of the languages, reporting the choice', async () => {
    const events = userEvent.setup()
    render(
      <I18nProvider i18n={i18n}>
        <LanguageSelector onChoose={onChoose} />
      </I18nProvider>,
    )
    const button = screen.getByRole('button', { name: 'Language EN' })
    expect(button.textContent).toBe('EN')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    await events.click(button)
    const options = screen.getAllByRole('option').map((o) => o.textContent)
    expect(options).toEqual(['English', 'Tiếng Việt'])
    await events.click(screen.getByRole('option', { name: 'Tiếng Việt' }))
    expect(chosen).toEqual(['vi'])
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('works from the keyboard and closes on Escape', async () => {
    const events = userEvent.setup()
    render(
      <I18nProvider i18n={i18n}>
        <LanguageSelector onChoose={onChoose} />
      </I18nProvider>,
    )
    screen.getByRole('button', { name: 'Language EN' }).focus()
    await events.keyboard('{ArrowDown}')
    expect(screen.getByRole('listbox', { name: 'Language' })).toBeTruthy()
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    await events.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(chosen).toEqual(['vi'])
  })
})
