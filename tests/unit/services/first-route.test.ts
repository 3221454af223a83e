// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { createElement as h } from 'react'
import { msg } from '@lingui/core/macro'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router'
import { warmFirstRoute } from '../../../src/services/first-route'
import { activateLanguage, i18n } from '../../../src/services/i18n'

/**
 * The first page's code and catalog parts start loading with the language, not one after the
 * other (issue 14, mobile performance): what the router would otherwise fetch only after the
 * language and the root route's parts had loaded.
 */

/** A router shaped like the app's: the marketing pages under a pathless layout, the app offer, the login. */
function appLikeRouter(path: string) {
  const loaded: string[] = []
  const page = (name: string) =>
    lazyRouteComponent(async () => {
      loaded.push(name)
      return { default: () => h('p', null, name) }
    })
  const root = createRootRoute()
  const marketing = createRoute({ getParentRoute: () => root, id: '_marketing', component: page('marketing layout') })
  const pricing = createRoute({ getParentRoute: () => marketing, path: '/pricing', component: page('pricing') })
  const offer = createRoute({ getParentRoute: () => root, path: '/download-app', component: page('download-app') })
  const auth = createRoute({ getParentRoute: () => root, id: '_auth', component: page('auth layout') })
  const login = createRoute({ getParentRoute: () => auth, path: '/login', component: page('login') })
  const router = createRouter({
    routeTree: root.addChildren([marketing.addChildren([pricing]), offer, auth.addChildren([login])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  return { router, loaded }
}

const width = (px: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: px })

describe('warmFirstRoute', () => {
  afterEach(async () => {
    sessionStorage.clear()
    localStorage.clear()
    width(1024)
    await activateLanguage('en')
  })

  it("loads the page's route code right away, and its catalog part with the language", async () => {
    width(1280)
    const { router, loaded } = appLikeRouter('/pricing')
    warmFirstRoute(router)
    await expect.poll(() => [...loaded].sort()).toEqual(['marketing layout', 'pricing'])

    await activateLanguage('vi')
    // A message of the marketing part (the app offer's heading), loaded by that one activation.
    expect(i18n._(msg`Get the Workroom app`)).toBe('Tải ứng dụng Workroom')
  })

  it('on a phone about to be offered the app, warms /download-app without using up the offer', async () => {
    width(400)
    const { router, loaded } = appLikeRouter('/login')
    warmFirstRoute(router)
    await expect.poll(() => loaded).toEqual(['download-app'])
    expect(sessionStorage.getItem('workroom.app-offered')).toBeNull()
  })

  it('on a phone that has had the offer, warms the page itself', async () => {
    width(400)
    sessionStorage.setItem('workroom.app-offered', '1')
    const { router, loaded } = appLikeRouter('/login')
    warmFirstRoute(router)
    await expect.poll(() => [...loaded].sort()).toEqual(['auth layout', 'login'])
  })
})
