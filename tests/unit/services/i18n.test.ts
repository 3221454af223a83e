import { afterEach, describe, expect, it } from 'vitest'
import { msg } from '@lingui/core/macro'
import { activateLanguage, currentLanguage, i18n, initialLanguage, resolveLanguage } from '../../../src/services/i18n'

describe('i18n', () => {
  afterEach(async () => {
    localStorage.clear()
    await activateLanguage('en')
  })

  it('falls back to en for an unknown language', async () => {
    expect(resolveLanguage('fr')).toBe('en')
    expect(resolveLanguage(undefined)).toBe('en')
    expect(await activateLanguage('xx')).toBe('en')
    expect(currentLanguage()).toBe('en')
    expect(i18n._(msg`Sidebar`)).toBe('Sidebar')
  })

  it('renders a Vietnamese string in vi, and remembers the choice', async () => {
    expect(await activateLanguage('vi')).toBe('vi')
    expect(i18n._(msg`Contacts`)).toBe('Danh bạ')
    expect(i18n._(msg`Log out`)).toBe('Đăng xuất')
    expect(document.documentElement.lang).toBe('vi')
    expect(initialLanguage()).toBe('vi')
  })

  it('starts from the stored choice, else the browser language, else en', () => {
    localStorage.setItem('workroom.language', 'vi')
    expect(initialLanguage()).toBe('vi')
    localStorage.setItem('workroom.language', 'klingon')
    expect(['en', 'vi']).toContain(initialLanguage())
  })
})
