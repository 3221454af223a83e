import { Fragment } from 'react'
import { expect, vi } from 'vitest'
import { act } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { MOBILE_NAV_DRAWER_ID, mobileNavMachine } from '../../src/machines/mobile-nav'
import { useMobileNav } from '../../src/services/mobile-nav'
import { MarketingHeader } from '../../src/ui/marketing/marketing-header'
import { describeModel, type ModelKit } from './support/run-model'
import { ownActor } from './support/owned-actor'

// The layout's hook runs the machine (useMachine in useMobileNav): it gets this test's actor instead.
vi.mock('@xstate/react', async (importOriginal) => (await import('./support/owned-actor')).withOwnedActor(await importOriginal()))

type Kit = ModelKit<typeof mobileNavMachine>

// jsdom has no scrolling; the router restores scroll on navigation.
Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true })

function makeRouter() {
  const rootRoute = createRootRoute({
    component: () => (
      <Fragment>
        <Header />
        <Outlet />
      </Fragment>
    ),
  })
  const pages = ['/', '/about', '/somewhere'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>page {path}</p> }),
  )
  return createRouter({ routeTree: rootRoute.addChildren(pages), history: createMemoryHistory({ initialEntries: ['/'] }) })
}

/** The header as the marketing layout renders it: with the layout's mobile nav. */
function Header() {
  return <MarketingHeader isLoggedIn={false} nav={useMobileNav()} onOpenMeeting={() => {}} />
}

let router = makeRouter()
let routerOf: unknown = null
let visits = 0

const menuButton = ({ screen }: Kit) => screen.getByRole('button', { name: 'Menu', hidden: true })

describeModel({
  machine: mobileNavMachine,
  events: {
    CLOSE: [
      { type: 'CLOSE', source: 'overlay' },
      { type: 'CLOSE', source: 'close-button' },
      { type: 'CLOSE', source: 'escape' },
    ],
    ROUTE_CHANGED: [{ type: 'ROUTE_CHANGED', pathname: '/somewhere' }],
  },
  render: (_, __, actor) => {
    if (routerOf !== actor) {
      router = makeRouter()
      routerOf = actor
    }
    ownActor(actor)
    return <RouterProvider router={router} />
  },
  ready: async ({ screen }) => {
    await screen.findByRole('button', { name: 'Menu' })
  },
  perform: {
    OPEN: async (_, kit) => {
      await kit.user.click(menuButton(kit))
    },
    CLOSE: async (event, kit) => {
      if (event.source === 'overlay') await kit.user.click(kit.screen.getByTestId('mobile-nav-overlay'))
      else if (event.source === 'close-button') await kit.user.click(kit.screen.getByRole('button', { name: 'Close menu' }))
      else await kit.user.keyboard('{Escape}')
    },
    // Any navigation closes the drawer.
    ROUTE_CHANGED: async (_, kit) => {
      const to = ++visits % 2 ? '/somewhere' : '/about'
      await act(async () => router.history.push(to))
      await kit.screen.findByText(`page ${to}`)
    },
  },
  states: {
    closed: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(menuButton(kit).getAttribute('aria-expanded')).toBe('false')
    },
    open: (_, kit) => {
      const dialog = kit.screen.getByRole('dialog', { name: 'Menu' })
      expect(dialog.id).toBe(MOBILE_NAV_DRAWER_ID)
      expect(menuButton(kit).getAttribute('aria-expanded')).toBe('true')
      expect(document.activeElement).toBe(kit.screen.getByRole('button', { name: 'Close menu' }))
    },
  },
})
