// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { msg } from '@lingui/core/macro'
import { activateLanguage, currentLanguage, i18n, initialLanguage, requireCatalogParts, resolveLanguage } from '../../../src/services/i18n'

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
    expect(i18n._(msg`Language`)).toBe('Ngôn ngữ')
    await requireCatalogParts(['shell'])
    expect(i18n._(msg`Contacts`)).toBe('Danh bạ')
    expect(i18n._(msg`Log out`)).toBe('Đăng xuất')
    expect(document.documentElement.lang).toBe('vi')
    expect(initialLanguage()).toBe('vi')
  })

  it('a part required while another language is being activated is loaded in that language too', async () => {
    // As on /login right before a login whose account is in vi: the next page needs a part not
    // loaded yet while vi is being activated. (Here the documents part, loaded by no other test.)
    await activateLanguage('en')
    const switching = activateLanguage('vi')
    await requireCatalogParts(['documents'])
    await switching
    expect(i18n._(msg`A channel is the workspace of your company, school or community.`)).toBe(
      'Kênh là không gian làm việc của công ty, trường học hoặc cộng đồng của bạn.',
    )
  })

  it('starts from the stored choice, else the browser language, else en', () => {
    localStorage.setItem('workroom.language', 'vi')
    expect(initialLanguage()).toBe('vi')
    localStorage.setItem('workroom.language', 'klingon')
    expect(['en', 'vi']).toContain(initialLanguage())
  })
})
