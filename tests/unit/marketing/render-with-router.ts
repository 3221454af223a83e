import { createElement as h, type ReactNode } from 'react'
import { render } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'

/** Renders `ui` at `path` inside a throwaway router (every marketing link target exists as a stub page). */
export function renderWithRouter(ui: () => ReactNode, path = '/') {
  const rootRoute = createRootRoute({ component: () => h(Outlet) })
  const stubs = ['/about', '/maas', '/product', '/pricing', '/docs', '/login', '/sign-up', '/home', '/terms-and-conditions', '/privacy']
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/under-test', component: ui }),
      ...stubs.map((p) => createRoute({ getParentRoute: () => rootRoute, path: p, component: () => h('p', null, `page ${p}`) })),
      createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => h('p', null, 'page /') }),
    ]),
    history: createMemoryHistory({ initialEntries: [path === '/' ? '/under-test' : path] }),
  })
  const result = render(h(I18nProvider, { i18n }, h(RouterProvider, { router })))
  return { router, ...result }
}
