// @vitest-environment jsdom
import { createElement as h, Fragment } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { createTestModel } from '@xstate/graph'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { connect, MOBILE_NAV_DRAWER_ID, mobileNavMachine, type MobileNavEvent } from '../../../src/machines/mobile-nav'
import { useMobileNav } from '../../../src/services/mobile-nav'
import { MarketingHeader } from '../../../src/ui/marketing/marketing-header'

const EVENTS: MobileNavEvent[] = [
  { type: 'OPEN' },
  { type: 'CLOSE', source: 'overlay' },
  { type: 'CLOSE', source: 'close-button' },
  { type: 'CLOSE', source: 'escape' },
  { type: 'ROUTE_CHANGED', pathname: '/somewhere' },
]

describe('mobile-nav machine', () => {
  const run = (...events: MobileNavEvent[]) => {
    const actor = createActor(mobileNavMachine).start()
    events.forEach((e) => actor.send(e))
    return actor.getSnapshot().value
  }

  it('starts closed and OPEN opens it', () => {
    expect(run()).toBe('closed')
    expect(run({ type: 'OPEN' })).toBe('open')
  })

  it.each(['overlay', 'close-button', 'escape'] as const)('CLOSE from the %s closes it', (source) => {
    expect(run({ type: 'OPEN' }, { type: 'CLOSE', source })).toBe('closed')
  })

  it('a route change closes it, and is ignored while closed', () => {
    expect(run({ type: 'OPEN' }, { type: 'ROUTE_CHANGED', pathname: '/about' })).toBe('closed')
    expect(run({ type: 'ROUTE_CHANGED', pathname: '/about' })).toBe('closed')
    expect(run({ type: 'CLOSE', source: 'overlay' })).toBe('closed')
  })

  it('OPEN while open stays open', () => {
    expect(run({ type: 'OPEN' }, { type: 'OPEN' })).toBe('open')
  })
})

describe('mobile-nav view (connect)', () => {
  it('maps the closed snapshot to a collapsed button and hidden drawer', () => {
    const send = vi.fn()
    const view = connect(createActor(mobileNavMachine).getSnapshot(), send)
    expect(view.open).toBe(false)
    expect(view.menuButton['aria-expanded']).toBe(false)
    expect(view.menuButton['aria-controls']).toBe(MOBILE_NAV_DRAWER_ID)
    expect(view.drawer.hidden).toBe(true)
    expect(view.overlay.hidden).toBe(true)
    view.menuButton.onClick()
    expect(send).toHaveBeenLastCalledWith({ type: 'OPEN' })
  })

  it('maps the open snapshot and sends CLOSE with its source', () => {
    const actor = createActor(mobileNavMachine).start()
    actor.send({ type: 'OPEN' })
    const send = vi.fn()
    const view = connect(actor.getSnapshot(), send)
    expect(view.open).toBe(true)
    expect(view.menuButton['aria-expanded']).toBe(true)
    expect(view.drawer).toMatchObject({ hidden: false, role: 'dialog', 'aria-modal': true })
    view.overlay.onClick()
    expect(send).toHaveBeenLastCalledWith({ type: 'CLOSE', source: 'overlay' })
    view.closeButton.onClick()
    expect(send).toHaveBeenLastCalledWith({ type: 'CLOSE', source: 'close-button' })
    view.drawer.onKeyDown({ key: 'a' })
    expect(send).toHaveBeenCalledTimes(2)
    view.drawer.onKeyDown({ key: 'Escape' })
    expect(send).toHaveBeenLastCalledWith({ type: 'CLOSE', source: 'escape' })
  })
})

// ---- Model-based: every transition of the chart, driven through the rendered header. ----

/** The header with the marketing layout's mobile nav. */
const Header = () => h(MarketingHeader, { isLoggedIn: false, nav: useMobileNav() })

function renderHeader() {
  const rootRoute = createRootRoute({
    component: () => h(Fragment, null, h(Header), h(Outlet)),
  })
  const pages = ['/', '/about', '/maas', '/product', '/pricing', '/somewhere', '/login', '/sign-up'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => h('p', null, `page ${path}`) }),
  )
  const router = createRouter({
    routeTree: rootRoute.addChildren(pages),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(h(I18nProvider, { i18n }, h(RouterProvider, { router })))
  return router
}

const model = createTestModel(mobileNavMachine, { events: EVENTS })

/** One path per transition: the shortest path to its source state, then the transition itself. */
function transitionPaths() {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true })
  const prefixTo = (value: unknown) =>
    shortest
      .filter((p) => p.state.value === value)
      .sort((a, b) => a.steps.length - b.steps.length)[0]
      .steps.map((s) => s.event)
      .filter((e) => !e.type.startsWith('xstate.'))
  const edges = new Map<string, { from: unknown; event: MobileNavEvent }>()
  for (const { state, transitions } of Object.values(model.getAdjacencyMap()))
    for (const { event } of Object.values(transitions) as Array<{ event: MobileNavEvent }>)
      edges.set(`${String(state.value)} ${JSON.stringify(event)}`, { from: state.value, event })
  return [...edges.values()].map(({ from, event }) => model.getPathsFromEvents([...prefixTo(from), event])[0])
}

describe('mobile-nav model-based (rendered header)', () => {
  const paths = transitionPaths()

  it('covers every state and every transition', () => {
    const covered = new Set(paths.flatMap((p) => p.steps.map((s) => `${JSON.stringify(s.event)}`)))
    expect(paths.map((p) => p.state.value)).toEqual(expect.arrayContaining(['open', 'closed']))
    for (const event of EVENTS) expect(covered).toContain(JSON.stringify(event))
    // closed: OPEN; open: CLOSE x3 sources, ROUTE_CHANGED
    expect(paths.length).toBe(5)
  })

  for (const path of paths) {
    it(path.description, async () => {
      const router = renderHeader()
      await screen.findByRole('button', { name: 'Menu' })
      let visits = 0
      await path.test({
        states: {
          closed: () => {
            expect(screen.queryByRole('dialog')).toBeNull()
            expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false')
          },
          open: () => {
            const dialog = screen.getByRole('dialog', { name: 'Menu' })
            expect(dialog.id).toBe(MOBILE_NAV_DRAWER_ID)
            expect(screen.getByRole('button', { name: 'Menu', hidden: true }).getAttribute('aria-expanded')).toBe('true')
            expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close menu' }))
          },
        },
        events: {
          OPEN: () => {
            fireEvent.click(screen.getByRole('button', { name: 'Menu', hidden: true }))
          },
          CLOSE: ({ event }) => {
            const e = event as Extract<MobileNavEvent, { type: 'CLOSE' }>
            if (e.source === 'overlay') fireEvent.click(screen.getByTestId('mobile-nav-overlay'))
            else if (e.source === 'close-button') fireEvent.click(screen.getByRole('button', { name: 'Close menu', hidden: true }))
            else fireEvent.keyDown(document.getElementById(MOBILE_NAV_DRAWER_ID)!, { key: 'Escape' })
          },
          ROUTE_CHANGED: async () => {
            visits++
            await act(async () => router.history.push(visits % 2 ? '/somewhere' : '/about'))
            await screen.findByText(visits % 2 ? 'page /somewhere' : 'page /about')
          },
        },
      })
    })
  }

  it('following a link in the drawer closes it and lands on that page', async () => {
    renderHeader()
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }))
    const drawer = screen.getByRole('dialog', { name: 'Menu' })
    const pricing = Array.from(drawer.querySelectorAll('a')).find((a) => a.textContent === 'Pricing')!
    await act(async () => {
      fireEvent.click(pricing)
    })
    expect(await screen.findByText('page /pricing')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
