import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate'
import type { Tokens } from '../../../contract/auth'
import type { User } from '../../../contract/user'
import {
  accountView,
  connect,
  isLoggedIn,
  logoutBody,
  REFRESH_AHEAD_MS,
  REFRESH_RETRY_MS,
  sessionMachine,
  type SessionEmitted,
  type SessionEvent,
} from '../../../src/machines/session'
import { socketConnectionMachine, type SocketCommand } from '../../../src/machines/socket-connection'

const user = (over: Partial<User> = {}): User => ({
  _id: 'u1',
  name: 'Lan Nguyễn',
  email: 'lan@example.com',
  email_verified: true,
  workid: 'lan.nguyen',
  photo_url: null,
  package: 'freemium',
  account: {
    language: 'vi',
    skip_tutorial: 0,
    only_friend_call: 0,
    only_friend_invite_topic: 0,
    only_friend_chat: 0,
    sounds: 1,
    read_receipts: 1,
    channel: null,
    use_for: null,
    start_with: null,
    website: null,
  },
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
})

const tokens = (n: number, accessToken = `access-${n}`): Tokens => ({ access_token: accessToken, media_token: `media-${n}` })

/** Failures as the runtime reports them (TokenFailure). */
const rejected = Object.assign(new Error('401'), { rejected: true })
const unreachable = Object.assign(new Error('network'), { rejected: false })

/** A JWT-shaped token whose payload carries `exp` (seconds). */
const jwt = (expMs: number) => `x.${btoa(JSON.stringify({ exp: Math.floor(expMs / 1000) })).replace(/=+$/, '')}.y`

interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (error: unknown) => void
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** The session machine with recording fakes for every call, the login marker and the socket. */
function harness(
  options: {
    remembered?: boolean
    restore?: () => Promise<{ tokens: Tokens; user: User }>
    refresh?: () => Promise<Tokens>
    logout?: () => Promise<unknown>
    fcmToken?: string | null
    connectSocket?: boolean
    updateLanguage?: () => Promise<unknown>
  } = {},
) {
  const log: string[] = []
  const calls: Record<string, unknown[]> = {}
  const record = (name: string, input?: unknown) => {
    ;(calls[name] ??= []).push(input)
    log.push(name)
  }
  const sockets: { sendBack: (e: AnyEventObject) => void; closed: boolean }[] = []
  const machine = sessionMachine.provide({
    actors: {
      restore: fromPromise(async () => {
        record('restore')
        return (options.restore ?? (async () => ({ tokens: tokens(2), user: user() })))()
      }),
      refresh: fromPromise(async () => {
        record('refresh')
        return (options.refresh ?? (async () => tokens(3)))()
      }),
      userInfo: fromPromise(async () => {
        record('userInfo')
        return user({ name: 'Lan N.' })
      }),
      updateLanguage: fromPromise(async ({ input }) => {
        record('updateLanguage', input)
        await options.updateLanguage?.()
        return input.language
      }),
      logout: fromPromise(async ({ input }) => {
        record('logout', input)
        return (options.logout ?? (async () => undefined))()
      }),
      socketConnection: socketConnectionMachine.provide({
        actors: {
          connection: fromCallback<SocketCommand, { token: string }>(({ input, sendBack, receive }) => {
            record('socket:open', input.token)
            const socket = { sendBack, closed: false }
            sockets.push(socket)
            if (options.connectSocket !== false) sendBack({ type: 'SOCKET_CONNECTED' })
            receive((command) => record(`socket:${command.type}`))
            return () => {
              socket.closed = true
              record('socket:close')
            }
          }),
        },
      }),
    },
    actions: {
      rememberLogin: (_, params) => record('remember', params.userId),
      forgetLogin: () => record('forget'),
      applyLanguage: (_, language) => record('applyLanguage', language),
      languageSaved: () => record('languageSaved'),
    },
  })
  const actor = createActor(machine, { input: { remembered: options.remembered ?? false, fcmToken: options.fcmToken } })
  const emitted: SessionEmitted[] = []
  actor.on('*', (event) => {
    emitted.push(event)
    log.push(`emit:${event.type}${event.type === 'navigate' ? `:${event.href}` : ''}`)
  })
  actor.start()
  return { actor, calls, log, emitted, sockets, navigations: () => emitted.flatMap((e) => (e.type === 'navigate' ? [e.href] : [])) }
}

/** Lets resolved promises (fromPromise actors) deliver their results. */
const flush = () => vi.advanceTimersByTimeAsync(0)

async function loggedIn(options: Parameters<typeof harness>[0] = {}) {
  const h = harness({ remembered: true, ...options })
  await flush()
  expect(isLoggedIn(h.actor.getSnapshot())).toBe(true)
  return h
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('session machine', () => {
  describe('restoring', () => {
    it('without a remembered login goes straight to loggedOut and calls nothing', () => {
      const h = harness()
      expect(h.actor.getSnapshot().matches('loggedOut')).toBe(true)
      expect(h.calls.restore).toBeUndefined()
    })

    it('restore ok: refresh (the cookie) -> user-info -> loggedIn, remembers the login, applies account.language, connects the socket', async () => {
      const h = harness({ remembered: true })
      expect(h.actor.getSnapshot().matches('restoring')).toBe(true)
      await flush()
      const snapshot = h.actor.getSnapshot()
      expect(snapshot.matches({ loggedIn: 'active' })).toBe(true)
      expect(h.calls.restore).toHaveLength(1)
      expect(h.calls.remember).toEqual(['u1'])
      expect(snapshot.context.accessToken).toBe('access-2')
      expect(snapshot.context.mediaToken).toBe('media-2')
      expect(snapshot.context.user?.workid).toBe('lan.nguyen')
      expect(h.calls.applyLanguage).toEqual(['vi'])
      expect(h.calls['socket:open']).toEqual(['access-2'])
      expect(h.navigations()).toEqual([])
    })

    it('restore refused by the server: loggedOut, the login forgotten, no socket', async () => {
      const h = harness({ remembered: true, restore: async () => Promise.reject(rejected) })
      await flush()
      expect(h.actor.getSnapshot().matches('loggedOut')).toBe(true)
      expect(h.actor.getSnapshot().context.remembered).toBe(false)
      expect(h.calls.forget).toHaveLength(1)
      expect(h.calls['socket:open']).toBeUndefined()
    })

    it('restore that cannot reach the server: loggedOut for now, the login is still remembered', async () => {
      const h = harness({ remembered: true, restore: async () => Promise.reject(unreachable) })
      await flush()
      expect(h.actor.getSnapshot().matches('loggedOut')).toBe(true)
      expect(h.calls.forget).toBeUndefined()
    })
  })

  describe('login (the auth forms hand a verified login over)', () => {
    it('takes the session, remembers the login, goes to the redirect or /home', async () => {
      const h = harness()
      h.actor.send({ type: 'LOGGED_IN', session: { ...tokens(1), user: user() }, redirect: null })
      await flush()
      expect(isLoggedIn(h.actor.getSnapshot())).toBe(true)
      expect(h.calls.remember).toEqual(['u1'])
      expect(h.navigations()).toEqual(['/home'])
      expect(h.calls['socket:open']).toEqual(['access-1'])
      expect(accountView(h.actor.getSnapshot())).toMatchObject({
        name: 'Lan Nguyễn',
        workid: 'lan.nguyen',
        initials: 'LN',
        plan: 'freemium',
      })
      const other = harness()
      other.actor.send({ type: 'LOGGED_IN', session: { ...tokens(1), user: user() }, redirect: '/account/profile' })
      expect(other.navigations()).toEqual(['/account/profile'])
    })
  })

  describe('access token refresh', () => {
    it('is single-flight: many REFRESH_TOKEN while refreshing make one call', async () => {
      const pending = deferred<Tokens>()
      const h = await loggedIn({ refresh: () => pending.promise })
      h.actor.send({ type: 'REFRESH_TOKEN' })
      h.actor.send({ type: 'REFRESH_TOKEN' })
      h.actor.send({ type: 'REFRESH_TOKEN' })
      await flush()
      expect(h.calls.refresh).toHaveLength(1)
      pending.resolve(tokens(3))
      await flush()
      const snapshot = h.actor.getSnapshot()
      expect(snapshot.matches({ loggedIn: { active: { token: 'fresh' } } })).toBe(true)
      expect(snapshot.context.accessToken).toBe('access-3')
      // The media token comes with the access token: the chat links files with the new one.
      expect(snapshot.context.mediaToken).toBe('media-3')
    })

    it('refreshes ahead of expiry (fake clock)', async () => {
      const now = Date.now()
      const h = await loggedIn({ restore: async () => ({ tokens: tokens(2, jwt(now + 10 * 60_000)), user: user() }) })
      await vi.advanceTimersByTimeAsync(10 * 60_000 - REFRESH_AHEAD_MS - 1_000)
      expect(h.calls.refresh).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1_000)
      expect(h.calls.refresh).toHaveLength(1)
    })

    it('a refused refresh ends the session and goes to /login', async () => {
      const h = await loggedIn({ refresh: async () => Promise.reject(rejected) })
      h.actor.send({ type: 'REFRESH_TOKEN' })
      await flush()
      expect(h.actor.getSnapshot().matches('loggedOut')).toBe(true)
      expect(h.calls.forget).toHaveLength(1)
      expect(h.navigations()).toEqual(['/login'])
      expect(h.sockets[0].closed).toBe(true)
    })

    it('a refresh that cannot reach the server keeps the session and retries after 15 s', async () => {
      let fail = true
      const h = await loggedIn({ refresh: async () => (fail ? Promise.reject(unreachable) : tokens(3)) })
      h.actor.send({ type: 'REFRESH_TOKEN' })
      await flush()
      expect(h.actor.getSnapshot().matches({ loggedIn: { active: { token: 'retrying' } } })).toBe(true)
      expect(h.calls.forget).toBeUndefined()
      fail = false
      await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS - 1)
      expect(h.calls.refresh).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(h.calls.refresh).toHaveLength(2)
      expect(h.actor.getSnapshot().context.accessToken).toBe('access-3')
    })
  })

  describe('logout', () => {
    it('emits LOGOUT on the socket before POST auth/logout (no fcm_token when none is held), then forgets the login', async () => {
      const h = await loggedIn()
      h.log.length = 0
      h.actor.send({ type: 'LOGOUT' })
      expect(accountView(h.actor.getSnapshot()).loggingOut).toBe(true)
      await flush()
      expect(h.log.slice(0, 3)).toEqual(['socket:EMIT_LOGOUT', 'logout', 'forget'])
      expect(h.log).toContain('socket:close')
      expect(h.navigations()).toEqual(['/'])
      expect(h.calls.logout).toEqual([{}])
      expect(h.actor.getSnapshot().matches('loggedOut')).toBe(true)
      expect(h.actor.getSnapshot().context.user).toBeNull()
    })

    it('sends fcm_token only when one is held', async () => {
      const h = await loggedIn({ fcmToken: 'fcm-abc' })
      h.actor.send({ type: 'LOGOUT' })
      await flush()
      expect(h.calls.logout).toEqual([{ fcm_token: 'fcm-abc' }])
      expect(logoutBody(null)).toEqual({})
    })

    it('still logs out locally when POST auth/logout fails', async () => {
      const h = await loggedIn({ logout: async () => Promise.reject(new Error('500')) })
      h.actor.send({ type: 'SET_FCM_TOKEN', token: 'fcm-1' })
      h.actor.send({ type: 'LOGOUT' })
      await flush()
      expect(h.calls.logout).toEqual([{ fcm_token: 'fcm-1' }])
      expect(h.actor.getSnapshot().matches('loggedOut')).toBe(true)
      expect(h.calls.forget).toHaveLength(1)
    })

    it('a session expired mid-use (401 without refresh) goes to /login', async () => {
      const h = await loggedIn()
      h.actor.send({ type: 'SESSION_EXPIRED' })
      expect(h.actor.getSnapshot().matches('loggedOut')).toBe(true)
      expect(h.navigations()).toEqual(['/login'])
    })
  })

  describe('other tabs and the socket', () => {
    it('a login-status change in another tab or the LOGOUT socket event reloads the page', async () => {
      const h = await loggedIn()
      h.actor.send({ type: 'SOCKET_LOGOUT' })
      h.actor.send({ type: 'LOGIN_STATUS_CHANGED' })
      expect(h.emitted.filter((e) => e.type === 'reload')).toHaveLength(2)
      const out = harness()
      out.actor.send({ type: 'LOGIN_STATUS_CHANGED' })
      expect(out.emitted).toEqual([{ type: 'reload' }])
    })

    it('ignores the LOGOUT echo of its own logout', async () => {
      const h = await loggedIn({ logout: () => new Promise(() => {}) })
      h.actor.send({ type: 'LOGOUT' })
      h.actor.send({ type: 'SOCKET_LOGOUT' })
      expect(h.emitted.filter((e) => e.type === 'reload')).toHaveLength(0)
    })

    it('passes the refreshed access token to the socket connection', async () => {
      const h = await loggedIn({ connectSocket: false })
      h.sockets[0].sendBack({ type: 'SOCKET_ERROR', message: 'jwt expired' })
      h.actor.send({ type: 'REFRESH_TOKEN' })
      await flush()
      await vi.advanceTimersByTimeAsync(1000)
      expect(h.calls['socket:open']).toEqual(['access-2', 'access-3'])
    })
  })

  describe('language', () => {
    it('logged in: PUT workid/update-language, then activate it and say it was saved', async () => {
      const h = await loggedIn()
      h.actor.send({ type: 'LANGUAGE', language: 'en' })
      await flush()
      expect(h.calls.updateLanguage).toEqual([{ language: 'en' }])
      expect(h.calls.applyLanguage).toEqual(['vi', 'en'])
      expect(h.calls.languageSaved).toHaveLength(1)
      expect(h.log.slice(-2)).toEqual(['applyLanguage', 'languageSaved'])
      expect(h.actor.getSnapshot().context.user?.account.language).toBe('en')
    })

    it('logged in, the save failing: the language stays and nothing says saved', async () => {
      const h = await loggedIn({
        updateLanguage: async () => {
          throw new Error('500')
        },
      })
      h.actor.send({ type: 'LANGUAGE', language: 'en' })
      await flush()
      expect(h.calls.updateLanguage).toEqual([{ language: 'en' }])
      expect(h.calls.applyLanguage).toEqual(['vi'])
      expect(h.calls.languageSaved).toBeUndefined()
      expect(h.actor.getSnapshot().context.user?.account.language).toBe('vi')
    })

    it('logged out: activate locally only', async () => {
      const h = harness()
      h.actor.send({ type: 'LANGUAGE', language: 'vi' })
      await flush()
      expect(h.calls.updateLanguage).toBeUndefined()
      expect(h.calls.applyLanguage).toEqual(['vi'])
      expect(h.calls.languageSaved).toBeUndefined()
    })
  })
})

describe('session connect', () => {
  it('before the session chunk runs (a visitor): settled, logged out, an empty account on the free plan', () => {
    const sent: SessionEvent[] = []
    const props = connect(null, (event) => sent.push(event))
    expect(props).toMatchObject({ settled: true, loggedIn: false, user: null })
    expect(props.account).toMatchObject({
      name: '',
      email: '',
      workid: '',
      photoUrl: null,
      initials: '?',
      plan: 'freemium',
      chatHref: '/chat',
      loggingOut: false,
      createdAt: null,
    })
  })

  it('shows the signed-in account: names, plan, photo, creation, and the chat of the current channel', async () => {
    const h = await loggedIn({
      restore: async () => ({
        tokens: tokens(2),
        user: user({ package: 'growth', photo_url: '/p.png', account: { ...user().account, channel: 'ch 1' } }),
      }),
    })
    const props = connect(h.actor.getSnapshot(), () => undefined)
    expect(props).toMatchObject({ settled: true, loggedIn: true })
    expect(props.account).toMatchObject({
      name: 'Lan Nguyễn',
      email: 'lan@example.com',
      workid: 'lan.nguyen',
      photoUrl: '/p.png',
      initials: 'LN',
      plan: 'growth',
      chatHref: '/chat/channel/ch%201',
      loggingOut: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    })
  })

  it('sends the language, a user reload and logout', async () => {
    const h = await loggedIn()
    const sent: SessionEvent[] = []
    const props = connect(h.actor.getSnapshot(), (event) => sent.push(event))
    props.onLanguage('en')
    props.onRefreshUser()
    props.account.onLogout()
    expect(sent).toEqual([{ type: 'LANGUAGE', language: 'en' }, { type: 'REFRESH_USER' }, { type: 'LOGOUT' }])
  })
})
