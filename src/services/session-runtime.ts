import { createActor, fromCallback, fromPromise, waitFor, type Actor } from 'xstate'
import { sessionMachine, type SessionEvent, type SessionMachine, type TokenFailure } from '../machines/session'
import { socketConnectionMachine } from '../machines/socket-connection'
import * as auth from './api/auth'
import * as customer from './api/customer'
import { apiErrorOf, connectAuth, type AuthBridge } from './http'
import { activateLanguage } from './i18n'
import { confirmSaved } from './toast'
import { browserOnline, onServerDrop, onSocketEvent, socketIoConnection } from './socket'
import { LOGIN_MARKER_KEY, otherTabChange, rememberedLogin, rememberLogin, withRefreshLock } from './token-store'

/**
 * The session machine with the real calls, storage and socket: loaded by src/services/session.ts
 * as its own chunk (with ky and socket handling) when a stored session must be restored or the
 * visitor first acts (logs in, signs up, picks a language).
 */

/** A failed token call as the machine reads it: rejected by the server (4xx), or not reached. */
function tokenFailure(error: unknown): Error & TokenFailure {
  const status = apiErrorOf(error)?.status ?? 0
  return Object.assign(new Error('token call failed', { cause: error }), { rejected: status >= 400 && status < 500 })
}

/** Spends the cookie's refresh token (the newest, whichever tab rotated it) inside the cross-tab lock. */
const rotate = (quiet: boolean) =>
  withRefreshLock(async () => {
    try {
      return await auth.refreshToken({ quiet })
    } catch (error) {
      throw tokenFailure(error)
    }
  })

/** Other tabs' changes of the login marker: LOGIN_STATUS_CHANGED. */
export const otherTabsWatcher = fromCallback<SessionEvent>(({ sendBack }) => {
  if (typeof window === 'undefined') return () => {}
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LOGIN_MARKER_KEY && event.key !== null) return
    const change = otherTabChange(event.oldValue, event.key === null ? null : event.newValue)
    if (change) sendBack(change)
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
})

export const appSessionMachine = sessionMachine.provide({
  actors: {
    restore: fromPromise(async () => {
      const tokens = await rotate(true)
      const user = await customer.userInfo(tokens.access_token).catch((error: unknown) => {
        throw tokenFailure(error)
      })
      return { tokens, user }
    }),
    refresh: fromPromise(() => rotate(false)),
    userInfo: fromPromise(() => customer.userInfo()),
    updateLanguage: fromPromise(async ({ input }) => {
      await customer.updateLanguage(input.language)
      return input.language
    }),
    logout: fromPromise(({ input }) => auth.logout(input)),
    otherTabs: otherTabsWatcher,
    socketConnection: socketConnectionMachine.provide({ actors: { connection: socketIoConnection, browserOnline } }),
  },
  actions: {
    rememberLogin: (_, params) => rememberLogin(params.userId),
    forgetLogin: () => rememberLogin(null),
    applyLanguage: (_, language) => void activateLanguage(language),
    // "Saved" is a message descriptor: the toast shows it in the language just applied.
    languageSaved: () => void confirmSaved(),
  },
})

export type AppSessionActor = ReturnType<typeof createAppSession>

const createAppSession = () => createActor(appSessionMachine, { input: { remembered: rememberedLogin() } })

/**
 * What the HTTP client gets from the session: the access token, and after a 401 a usable token
 * (single flight: the machine ignores REFRESH_TOKEN while refreshing, every waiter gets the one
 * result) or null when the session is over.
 */
export function authBridgeFor(actor: Actor<SessionMachine>): AuthBridge {
  return {
    accessToken: () => actor.getSnapshot().context.accessToken,
    async refresh(used) {
      const now = actor.getSnapshot()
      if (!now.matches({ loggedIn: 'active' })) return null
      // Another call already refreshed it: use the new one.
      if (now.context.accessToken && now.context.accessToken !== used) return now.context.accessToken
      actor.send({ type: 'REFRESH_TOKEN' })
      const after = await waitFor(actor, (s) => !s.matches({ loggedIn: { active: { token: 'refreshing' } } }), { timeout: Infinity })
      // Refreshed: the new token; logged out, or the server could not be reached (retrying): none.
      return after.matches({ loggedIn: { active: { token: 'fresh' } } }) ? after.context.accessToken : null
    },
    expired: () => actor.send({ type: 'SESSION_EXPIRED' }),
  }
}

export interface SessionHooks {
  /** Follow the machine's navigation (the router). */
  navigate: (href: string) => void
  /** Reload the page (a login-status change elsewhere). */
  reload: () => void
}

export function startSession(hooks: SessionHooks): AppSessionActor {
  const actor = createAppSession()

  connectAuth(authBridgeFor(actor))

  // This login ended elsewhere (the server's LOGOUT to the user's other sockets).
  onSocketEvent('LOGOUT', () => actor.send({ type: 'SOCKET_LOGOUT' }))
  // Left or removed from a channel (here or in another tab): it may have been the current one.
  onSocketEvent('OUT_CHANNEL', () => actor.send({ type: 'REFRESH_USER' }))
  // The server dropped the socket (signed out on /log elsewhere, or the token ran out): one HTTP call
  // settles it: its 401 refreshes the token, and a refresh the server refuses ends the session.
  onServerDrop(() => {
    if (actor.getSnapshot().matches({ loggedIn: 'active' })) customer.userInfo().catch(() => undefined)
  })
  actor.on('navigate', ({ href }) => hooks.navigate(href))
  actor.on('reload', () => hooks.reload())
  return actor.start()
}
