import { useState } from 'react'
import { expect, vi } from 'vitest'
import { within } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { Actor, AnyEventObject, EventObject } from 'xstate'
import { lan } from './support/users'
import { connect, sessionMachine, type SessionSnapshot } from '../../src/machines/session'
import { AccountDrawer } from '../../src/ui/app/account-drawer'
import { TopHeader } from '../../src/ui/app/top-header'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The session through what the app renders of it, from connect's props: logged in, the header
 * names the user and the account drawer logs out. The auth forms' hand-over (LOGGED_IN), the
 * HTTP client's REFRESH_TOKEN / SESSION_EXPIRED and the other tabs' events are sent as the app's
 * runtime sends them. Calls are injected actors; navigation and reloads are emitted events.
 *
 * Oracle beside the machine: a fake login marker written only by the injected storage actions
 * (the refresh token itself is an HttpOnly cookie no code here sees). Logged in, it holds the
 * user's id; once a login ended (log out, expiry, a refused refresh or restore) it holds nothing.
 */
type Kit = ModelKit<typeof sessionMachine>
type S = SessionSnapshot

Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true })

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
const jwt = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`
/** An access token that expires in an hour (the refresh is timed from it), and one without exp. */
const EXPIRING = jwt({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 })
const OPAQUE = jwt({ sub: 'u-1' })

const user = lan
const LAN = user()

let emitted: EventObject[] = []
let current: Actor<typeof sessionMachine> | null = null
let routerOf: unknown = null
let router = makeRouter()
/** The fake login marker (see above). */
let stored: string | null = null
/** A login ended since the last one started. */
let ended = false

function makeRouter() {
  return createRouter({
    routeTree: createRootRoute({ component: SessionScreens }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
}

function SessionScreens() {
  const snapshot = useSelector(current!, (s) => s)
  const session = connect(snapshot, current!.send)
  const [accountOpen, setAccountOpen] = useState(false)
  if (!session.settled) return null
  if (!session.loggedIn) return <main aria-label="Logged out" />
  return (
    <>
      <TopHeader
        name={session.account.name}
        photoUrl={session.account.photoUrl}
        initials={session.account.initials}
        languageSelector={null}
        onOpenAccount={() => setAccountOpen(true)}
      />
      <main aria-label="App" />
      <AccountDrawer open={accountOpen} onClose={() => setAccountOpen(false)} {...session.account} />
    </>
  )
}

const lastNavigation = () => [...emitted].reverse().find((e) => e.type === 'navigate') as { href: string } | undefined
const at = (s: S, value: Parameters<S['matches']>[0]) => s.matches(value)
const out = (s: S) => at(s, 'loggedOut')
/** Logged in with every region at rest. */
const quiet = (s: S, except?: 'token' | 'user' | 'language') =>
  at(s, { loggedIn: 'active' }) &&
  (except === 'token' || at(s, { loggedIn: { active: { token: 'fresh' } } })) &&
  (except === 'user' || at(s, { loggedIn: { active: { user: 'idle' } } })) &&
  (except === 'language' || at(s, { loggedIn: { active: { language: 'idle' } } }))
const when = (ok: boolean, events: AnyEventObject[]) => (ok ? events : [])
const endsLogin = async (kit: Kit, step: () => Promise<void>) => {
  const wasIn = kit.previous.matches('loggedIn')
  await step()
  if (wasIn && kit.actor.getSnapshot().matches('loggedOut')) ended = true
}

describeModel({
  machine: sessionMachine,
  inputs: { 'remembered login': { remembered: true, fcmToken: null }, 'first visit': { remembered: false, fcmToken: null } },
  select: 'coverage',
  limit: 50_000,
  serializeState: (s) => {
    const c = s.context
    return JSON.stringify({
      value: s.value,
      user: c.user ? [c.user.account.language, c.user.photo_url] : null,
      expiry: c.accessTokenExpiresAt !== null,
      remembered: c.remembered,
      fcm: c.fcmToken !== null,
    })
  },
  events: {
    'xstate.done.actor.0.session.restoring': [
      { type: 'xstate.done.actor.0.session.restoring', output: { tokens: { access_token: EXPIRING }, user: LAN } },
      { type: 'xstate.done.actor.0.session.restoring', output: { tokens: { access_token: OPAQUE }, user: LAN } },
    ],
    'xstate.error.actor.0.session.restoring': [
      { type: 'xstate.error.actor.0.session.restoring', error: { rejected: true } },
      { type: 'xstate.error.actor.0.session.restoring', error: { rejected: false } },
    ],
    LOGGED_IN: (s) => when(out(s), [{ type: 'LOGGED_IN', session: { access_token: EXPIRING, user: LAN }, redirect: '/chat' }]),
    LANGUAGE: (s) => when(at(s, 'restoring') || out(s) || quiet(s, 'language'), [{ type: 'LANGUAGE', language: 'vi' }]),
    LOGIN_STATUS_CHANGED: (s) => when(out(s) || quiet(s), [{ type: 'LOGIN_STATUS_CHANGED' }]),
    SET_FCM_TOKEN: (s) => when((out(s) || quiet(s)) && !s.context.fcmToken, [{ type: 'SET_FCM_TOKEN', token: 'fcm-1' }]),
    SESSION_EXPIRED: (s) => when(out(s) || quiet(s), [{ type: 'SESSION_EXPIRED' }]),
    LOGOUT: (s) => when(quiet(s), [{ type: 'LOGOUT' }]),
    SOCKET_LOGOUT: (s) => when(quiet(s), [{ type: 'SOCKET_LOGOUT' }]),
    USER_UPDATED: (s) =>
      when(quiet(s) && !s.context.user?.photo_url, [{ type: 'USER_UPDATED', user: user({ photo_url: '/media/avatar.png' }) }]),
    REFRESH_TOKEN: (s) => when(quiet(s, 'token'), [{ type: 'REFRESH_TOKEN' }]),
    'xstate.done.actor.0.session.loggedIn.active.token.refreshing': [
      { type: 'xstate.done.actor.0.session.loggedIn.active.token.refreshing', output: { access_token: EXPIRING } },
    ],
    'xstate.error.actor.0.session.loggedIn.active.token.refreshing': [
      { type: 'xstate.error.actor.0.session.loggedIn.active.token.refreshing', error: { rejected: true } },
      { type: 'xstate.error.actor.0.session.loggedIn.active.token.refreshing', error: { rejected: false } },
    ],
    REFRESH_USER: (s) => when(quiet(s, 'user'), [{ type: 'REFRESH_USER' }]),
    'xstate.done.actor.0.session.loggedIn.active.user.loading': [
      { type: 'xstate.done.actor.0.session.loggedIn.active.user.loading', output: user({ name: 'Lan N.' }) },
    ],
    'xstate.done.actor.0.session.loggedIn.active.language.saving': [
      { type: 'xstate.done.actor.0.session.loggedIn.active.language.saving', output: 'vi' },
    ],
  },
  spyActions: ['rememberLogin', 'forgetLogin', 'applyLanguage', 'languageSaved'],
  callbackActors: ['otherTabs'],
  render: (_, __, actor) => {
    if (routerOf !== actor) {
      router = makeRouter()
      routerOf = actor
      emitted = []
      actor.on('*', (event) => emitted.push(event))
    }
    current = actor
    return <RouterProvider router={router} />
  },
  ready: async (kit) => {
    // A remembered login was marked by an earlier page load.
    stored = kit.actor.getSnapshot().context.remembered ? LAN._id : null
    ended = false
    kit.actions.rememberLogin.mockImplementation((_: unknown, params: { userId: string }) => {
      stored = params.userId
    })
    kit.actions.forgetLogin.mockImplementation(() => {
      stored = null
    })
    await vi.advanceTimersByTimeAsync(0)
    if (!kit.actor.getSnapshot().matches('restoring')) await kit.screen.findByRole('main')
  },
  perform: {
    LANGUAGE: async (event, kit) => {
      const applied = kit.actions.applyLanguage.mock.calls.length
      const saved = kit.actions.languageSaved.mock.calls.length
      await kit.send(event as Parameters<Kit['send']>[0])
      // Logged out the choice applies at once; logged in, once the server saved it.
      expect(kit.actions.applyLanguage.mock.calls.length).toBe(kit.previous.matches('loggedIn') ? applied : applied + 1)
      // Nothing says saved before the server answers (and logged out nothing is saved).
      expect(kit.actions.languageSaved.mock.calls.length).toBe(saved)
    },
    'xstate.done.actor.0.session.loggedIn.active.language.saving': async (event, kit) => {
      const saved = kit.actions.languageSaved.mock.calls.length
      await kit.resolve('0.session.loggedIn.active.language.saving', event.output)
      expect(kit.actions.applyLanguage.mock.calls.at(-1)?.[1]).toBe('vi')
      // Saved, once; after the language is applied, so the toast reads in it.
      expect(kit.actions.languageSaved.mock.calls.length).toBe(saved + 1)
      expect(kit.actions.languageSaved.mock.invocationCallOrder.at(-1)).toBeGreaterThan(
        kit.actions.applyLanguage.mock.invocationCallOrder.at(-1)!,
      )
    },
    LOGGED_IN: async (event, kit) => {
      await kit.send(event as Parameters<Kit['send']>[0])
      ended = false
      expect(lastNavigation()).toEqual({ type: 'navigate', href: '/chat' })
    },
    LOGOUT: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: /, account$/ }))
      await kit.user.click(within(kit.screen.getByRole('dialog', { name: 'Your account' })).getByRole('button', { name: 'Log out' }))
    },
    LOGIN_STATUS_CHANGED: async (event, kit) => {
      const before = emitted.length
      await kit.sendBack('otherTabs', event)
      // Another tab logged in or out: the page reloads.
      expect(emitted.slice(before)).toEqual([{ type: 'reload' }])
    },
    SESSION_EXPIRED: async (_, kit) => {
      await endsLogin(kit, () => kit.send({ type: 'SESSION_EXPIRED' }))
      expect(lastNavigation()).toEqual({ type: 'navigate', href: '/login' })
    },
    SOCKET_LOGOUT: async (_, kit) => {
      const before = emitted.length
      await kit.send({ type: 'SOCKET_LOGOUT' })
      expect(emitted.slice(before)).toEqual([{ type: 'reload' }])
    },
    'xstate.error.actor.0.session.loggedIn.active.token.refreshing': async (event, kit) => {
      await endsLogin(kit, () => kit.reject('0.session.loggedIn.active.token.refreshing', event.error))
    },
    'xstate.done.actor.0.session.loggedIn.loggingOut': async (_, kit) => {
      await endsLogin(kit, () => kit.resolve('0.session.loggedIn.loggingOut', {}))
      expect(lastNavigation()).toEqual({ type: 'navigate', href: '/' })
    },
    'xstate.error.actor.0.session.loggedIn.loggingOut': async (_, kit) => {
      await endsLogin(kit, () => kit.reject('0.session.loggedIn.loggingOut', new Error('500')))
      expect(lastNavigation()).toEqual({ type: 'navigate', href: '/' })
    },
  },
  states: {
    '*': (expected) => {
      // The marker follows the login: the user's id while logged in, nothing once it ended.
      if (expected.matches('loggedIn')) expect(stored).toBe(expected.context.user!._id)
      if (ended) expect(stored).toBeNull()
    },
    restoring: (expected, kit) => {
      // A remembered login: the session is restored (from the cookie) before anything shows.
      expect(expected.context.remembered).toBe(true)
      expect(kit.screen.queryByRole('main')).toBeNull()
      expect(kit.pending('0.session.restoring')).toBeTruthy()
    },
    loggedOut: (_, kit) => {
      expect(kit.screen.getByRole('main', { name: 'Logged out' })).toBeTruthy()
      expect(kit.screen.queryByRole('button', { name: /, account$/ })).toBeNull()
    },
    loggedIn: (expected, kit) => {
      // The header names the user; the socket child runs with the access token.
      // (hidden: while the account drawer is open the rest of the page is inert)
      expect(kit.screen.getByRole('button', { name: `${expected.context.user!.name}, account`, hidden: true }).textContent).toContain(
        expected.context.user!.name,
      )
      expect(Object.keys(kit.actor.getSnapshot().children)).toContain('socket')
    },
    'loggedIn.active.token.fresh': () => {},
    'loggedIn.active.token.refreshing': (_, kit) => {
      expect(kit.pending('0.session.loggedIn.active.token.refreshing')).toBeTruthy()
    },
    'loggedIn.active.token.retrying': (_, kit) => {
      // Offline: still logged in, another try later.
      expect(kit.screen.getByRole('main', { name: 'App', hidden: true })).toBeTruthy()
    },
    'loggedIn.active.user.idle': () => {},
    'loggedIn.active.user.loading': (_, kit) => {
      expect(kit.pending('0.session.loggedIn.active.user.loading')).toBeTruthy()
    },
    'loggedIn.active.language.idle': () => {},
    'loggedIn.active.language.saving': (_, kit) => {
      expect(kit.pending('0.session.loggedIn.active.language.saving').input).toEqual({ language: 'vi' })
    },
    'loggedIn.loggingOut': (expected, kit) => {
      const drawer = kit.screen.getByRole('dialog', { name: 'Your account' })
      expect(within(drawer).getByRole<HTMLButtonElement>('button', { name: 'Log out' }).disabled).toBe(true)
      // POST auth/logout sends fcm_token only when one is held.
      expect(kit.pending('0.session.loggedIn.loggingOut').input).toEqual(
        expected.context.fcmToken ? { fcm_token: expected.context.fcmToken } : {},
      )
    },
  },
})
