// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { NavigationProgress } from '../../../src/ui/navigation-progress'

// jsdom has no scrolling; the router restores scroll on navigation.
Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true })

describe('the navigation progress bar', () => {
  it('shows at once while a navigation waits, and goes when the page shows', async () => {
    let arrive = () => {}
    const slow = new Promise<void>((resolve) => (arrive = resolve))
    const root = createRootRoute({
      component: () => (
        <>
          <NavigationProgress />
          <Outlet />
        </>
      ),
    })
    const home = createRoute({ getParentRoute: () => root, path: '/home', component: () => <p>home</p> })
    const page = createRoute({ getParentRoute: () => root, path: '/contact', loader: () => slow, component: () => <p>slow page</p> })
    const router = createRouter({
      routeTree: root.addChildren([home, page]),
      history: createMemoryHistory({ initialEntries: ['/home'] }),
      defaultPendingMs: 60_000,
    })
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    )
    await screen.findByText('home')
    expect(screen.queryByRole('progressbar')).toBeNull()

    act(() => void router.navigate({ to: '/contact' }))
    // The old page is still there, and the bar says a page is loading.
    expect((await screen.findByRole('progressbar', { name: 'Loading the page' })).tagName).toBe('DIV')
    expect(screen.getByText('home')).toBeTruthy()

    await act(async () => arrive())
    await screen.findByText('slow page')
    expect(screen.queryByRole('progressbar')).toBeNull()
  })
})
