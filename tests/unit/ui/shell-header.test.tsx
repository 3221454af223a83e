// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AccountDrawer } from '../../../src/ui/app/account-drawer'
import { ChatLink } from '../../../src/ui/app/chat-link'
import { TopHeader } from '../../../src/ui/app/top-header'
import { DndMenu } from '../../../src/ui/attention/dnd-menu'

// jsdom has no scrolling; the router restores scroll on navigation.
Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true })

function renderRouted(ui: () => ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: ui }),
    history: createMemoryHistory({ initialEntries: ['/home'] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return userEvent.setup()
}

const header = (dndActive: boolean, onSet = vi.fn(), unread = 0) => (
  <TopHeader
    name="Lan Trần"
    photoUrl={null}
    initials="LT"
    languageSelector={null}
    chats={<ChatLink badge={unread ? String(unread) : null} count={unread} />}
    dnd={<DndMenu active={dndActive} until={dndActive ? '2026-03-11T02:30:00.000Z' : null} disabled={false} onSet={onSet} />}
    dndActive={dndActive}
    onOpenAccount={() => {}}
  />
)

describe('the top header', () => {
  it('names the account button with the name it shows, and the Chats link with its count once', async () => {
    renderRouted(() => header(false, vi.fn(), 3))
    const account = await screen.findByRole('button', { name: 'Lan Trần, account' })
    expect(account.textContent).toContain('Lan Trần')
    expect(screen.getByRole('link', { name: 'Chats, 3 unread' })).toBeTruthy()
  })

  it('draws do not disturb with icons, no emoji', async () => {
    renderRouted(() => header(true))
    const banner = await screen.findByRole('banner')
    expect(banner.textContent).not.toMatch(/[☾🌙🔔🔕]/u)
    expect(within(banner).getByTitle('Do not disturb').querySelector('svg')).toBeTruthy()
  })

  it('the DND menu: arrow keys move through the choices, a choice is sent, Escape closes and focus returns', async () => {
    const onSet = vi.fn()
    const user = renderRouted(() => header(false, onSet))
    const button = await screen.findByRole('button', { name: 'Do not disturb: Notifications on' })
    await user.click(button)
    const menu = screen.getByRole('menu', { name: 'Do not disturb: Notifications on' })
    await user.keyboard('{ArrowDown}')
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['Pause for 30 minutes', 'Pause for 1 hour', 'Pause until 8:00', 'Working hours…'])
    expect(menu.getAttribute('aria-activedescendant')).toBe(items[0].id)
    await user.keyboard('{ArrowDown}')
    expect(menu.getAttribute('aria-activedescendant')).toBe(items[1].id)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(button)

    await user.click(button)
    await user.click(screen.getByRole('menuitem', { name: 'Pause until 8:00' }))
    expect(onSet).toHaveBeenCalledWith('tomorrow')
    expect(screen.queryByRole('menu')).toBeNull()
  })
})

describe('the account drawer', () => {
  it('Settings leads to the settings page', async () => {
    renderRouted(() => (
      <AccountDrawer
        open
        onClose={() => {}}
        name="Lan Trần"
        email="lan@example.com"
        workid="lan.tran"
        photoUrl={null}
        initials="LT"
        planLabel={{ id: 'freemium', message: 'Freemium' }}
        loggingOut={false}
        onLogout={() => {}}
      />
    ))
    const drawer = await screen.findByRole('dialog', { name: 'Your account' })
    expect(within(drawer).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/setting')
  })
})
