// @vitest-environment jsdom
import { createElement as h } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { useMobileNav } from '../../../src/services/mobile-nav'
import { MarketingHeader, type MarketingHeaderProps } from '../../../src/ui/marketing/marketing-header'
import { MarketingFooter } from '../../../src/ui/marketing/marketing-footer'
import { renderWithRouter } from './render-with-router'

/** The header as the marketing layout renders it: with the layout's mobile nav. */
const Header = (props: Omit<MarketingHeaderProps, 'nav'>) => h(MarketingHeader, { ...props, nav: useMobileNav() })

describe('marketing header', () => {
  it('shows the visitor navigation, an external blog link and sign up / log in', async () => {
    const onOpenMeeting = vi.fn()
    renderWithRouter(() => h(Header, { isLoggedIn: false, languageSelector: h('button', null, 'EN'), onOpenMeeting }))
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/about', '/maas', '/product', '/pricing', 'https://blog.workroom.app'])
    const blog = links[4]
    expect(blog.getAttribute('target')).toBe('_blank')
    expect(blog.getAttribute('rel')).toContain('noopener')
    expect(screen.getAllByRole('link', { name: 'Log in' })[0].getAttribute('href')).toBe('/login')
    expect(screen.getAllByRole('link', { name: 'Sign up' })[0].getAttribute('href')).toBe('/sign-up')
    expect(screen.queryByRole('link', { name: 'Open app' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Workroom home' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false')
    // Meeting now, for visitors too: it opens the meeting-now dialog.
    const meeting = screen.getAllByRole('button', { name: 'Meeting now' })[0]
    expect(meeting.getAttribute('aria-haspopup')).toBe('dialog')
    meeting.click()
    expect(onOpenMeeting).toHaveBeenCalledTimes(1)
  })

  it('offers Open app instead when the visitor is logged in', async () => {
    renderWithRouter(() => h(Header, { isLoggedIn: true, onOpenMeeting: () => {} }))
    expect((await screen.findAllByRole('link', { name: 'Open app' }))[0].getAttribute('href')).toBe('/home')
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull()
  })
})

describe('marketing footer', () => {
  it('has company and legal navigation, contact details and store links', async () => {
    renderWithRouter(() => h(MarketingFooter))
    const legal = await screen.findByRole('navigation', { name: 'Legal' })
    expect(
      within(legal)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/terms-and-conditions', '/privacy'])
    const company = screen.getByRole('navigation', { name: 'Company' })
    expect(within(company).getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/about')
    expect(screen.getByRole('link', { name: /hello@workroom\.app/ }).getAttribute('href')).toBe('mailto:hello@workroom.app')
    expect(screen.getByRole('link', { name: /\+84/ }).getAttribute('href')).toMatch(/^tel:/)
    expect(screen.getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).toMatch(/^https:\/\/apps\.apple\.com\//)
    expect(screen.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//)
    expect(screen.getByRole('contentinfo').textContent).toContain(`${new Date().getFullYear()}`)
  })
})
