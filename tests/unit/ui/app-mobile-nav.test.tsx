// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { useMobileNav } from '../../../src/services/mobile-nav'
import { MobileMenuButton, MobileNavDrawer } from '../../../src/ui/mobile-nav/mobile-nav'
import { Sidebar } from '../../../src/ui/app/sidebar'

// jsdom has no scrolling; the router restores scroll on navigation.
Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true })

/** The sidebar layout's parts as src/routes/_app.tsx wires them. */
function Layout({ onSupport }: { onSupport: () => void }) {
  const nav = useMobileNav()
  const sidebar = {
    chatHref: '/chat' as const,
    chatBadge: { badge: '2', count: 2 },
    onOpenSupport: nav.closeFor(onSupport),
    onOpenDocuments: () => {},
    onOpenMeeting: () => {},
  }
  return (
    <>
      <header>
        <MobileMenuButton nav={nav} placement="sidebar" />
      </header>
      <MobileNavDrawer nav={nav} placement="sidebar">
        <Sidebar {...sidebar} variant="drawer" />
      </MobileNavDrawer>
      <Outlet />
    </>
  )
}

function setup() {
  const onSupport = vi.fn()
  const root = createRootRoute({ component: () => <Layout onSupport={onSupport} /> })
  const pages = ['/home', '/contact', '/chat', '/pricing', '/setting'].map((path) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p>page {path}</p> }),
  )
  const router = createRouter({ routeTree: root.addChildren(pages), history: createMemoryHistory({ initialEntries: ['/home'] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return { router, onSupport, user: userEvent.setup() }
}

const menu = () => screen.getByRole('button', { name: 'Menu' })
const drawer = () => screen.queryByRole('dialog', { name: 'Menu' })

describe("the sidebar layout's mobile nav", () => {
  it('Menu opens the sidebar in a drawer; the close button, the overlay and Escape close it, focus returns', async () => {
    const { user } = setup()
    await screen.findByText('page /home')
    expect(menu().getAttribute('aria-expanded')).toBe('false')
    expect(drawer()).toBeNull()

    await user.click(menu())
    expect(menu().getAttribute('aria-expanded')).toBe('true')
    const open = drawer()!
    expect(within(open).getByRole('navigation', { name: 'Sidebar' })).toBeTruthy()
    expect(within(open).getByRole('link', { name: 'Contacts' })).toBeTruthy()
    expect(document.activeElement).toBe(within(open).getByRole('button', { name: 'Close menu' }))

    await user.click(within(open).getByRole('button', { name: 'Close menu' }))
    expect(drawer()).toBeNull()
    expect(document.activeElement).toBe(menu())

    await user.click(menu())
    await user.click(screen.getByTestId('mobile-nav-overlay'))
    expect(drawer()).toBeNull()

    await user.click(menu())
    await user.keyboard('{Escape}')
    expect(drawer()).toBeNull()
  })

  it('closes on a route change, on following a link to the page already shown, and when a control opens a panel', async () => {
    const { user, router, onSupport } = setup()
    await screen.findByText('page /home')

    await user.click(menu())
    await user.click(within(drawer()!).getByRole('link', { name: 'Contacts' }))
    await screen.findByText('page /contact')
    expect(drawer()).toBeNull()

    await user.click(menu())
    await user.click(within(drawer()!).getByRole('link', { name: 'Contacts' }))
    expect(drawer()).toBeNull()

    await user.click(menu())
    await act(async () => router.history.push('/pricing'))
    await screen.findByText('page /pricing')
    expect(drawer()).toBeNull()

    await user.click(menu())
    await user.click(within(drawer()!).getByRole('button', { name: 'Support chat' }))
    expect(drawer()).toBeNull()
    expect(onSupport).toHaveBeenCalledTimes(1)
  })

  it('holds Settings (the settings page) and Chats named with its unread count once', async () => {
    const { user } = setup()
    await screen.findByText('page /home')
    await user.click(menu())
    const open = drawer()!
    expect(within(open).getByRole('link', { name: 'Chats, 2 unread' }).getAttribute('href')).toBe('/chat')
    // The bell is the header's: the menu has no second Notifications entry.
    expect(within(open).queryByRole('button', { name: 'Notifications' })).toBeNull()
    await user.click(within(open).getByRole('link', { name: 'Settings' }))
    await screen.findByText('page /setting')
    expect(drawer()).toBeNull()
    // No empty item in the list.
    for (const item of within(screen.getByRole('navigation', { name: 'Sidebar', hidden: true })).queryAllByRole('listitem', {
      hidden: true,
    }))
      expect(item.textContent).not.toBe('')
  })
})
