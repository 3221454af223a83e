import { assertEvent, assign, emit, fromCallback, fromPromise, not, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Tokens } from '../../../contract/auth'
import type { Language } from '../../../contract/common'
import type { User } from '../../../contract/user'
import { socketConnectionMachine } from '../socket-connection/socket-connection.machine'
import { actorNotProvided } from '../not-provided'
import { accessTokenExpiry, logoutBody, REFRESH_RETRY_MS, refreshDelay, wasRejected } from './session.rules'
import type { RestoredSession, SessionContext, SessionEmitted, SessionEvent, SessionInput } from './session.types'

/**
 * The session: who is logged in and their tokens.
 *
 *   restoring   a remembered login -> auth/refresh-token (the HttpOnly cookie) -> customer/user-info
 *   loggedOut   waits for the auth forms' LOGGED_IN; a language choice is only local
 *   loggedIn    active (parallel: token refresh, user reload, language: saved, applied, then said saved) and
 *               loggingOut (emit LOGOUT on the socket, then POST auth/logout, forget the login)
 *
 * The refresh token is never in this machine: the browser keeps it in an HttpOnly cookie that the
 * refresh call spends. What the page remembers is only that it holds a login (`remembered`).
 * Pure: every call is an injected actor (src/services/session-runtime.ts provides them), storage
 * writes are injected actions, and navigation / page reloads are emitted events the app acts on.
 * The socket connection is a child machine that lives exactly as long as the login.
 */

const notProvided = actorNotProvided('session')

const loggedOutContext = {
  user: null,
  accessToken: null,
  accessTokenExpiresAt: null,
  mediaToken: null,
  remembered: false,
} satisfies Partial<SessionContext>

const languageOf = (context: SessionContext): Language => context.user?.account.language ?? 'en'

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    restore: fromPromise<RestoredSession, void>(notProvided('restore')),
    refresh: fromPromise<Tokens, void>(notProvided('refresh')),
    userInfo: fromPromise<User, void>(notProvided('userInfo')),
    /** PUT workid/update-language; answers with the language saved. */
    updateLanguage: fromPromise<Language, { language: Language }>(notProvided('updateLanguage')),
    logout: fromPromise<unknown, { fcm_token?: string }>(notProvided('logout')),
    /** Watches other tabs: LOGIN_STATUS_CHANGED. */
    otherTabs: fromCallback<SessionEvent>(() => () => {}),
    socketConnection: socketConnectionMachine,
  },
  guards: {
    remembersLogin: ({ context }) => context.remembered,
    hasExpiry: ({ context }) => context.accessTokenExpiresAt !== null,
    tokenRejected: (_, error: unknown) => wasRejected(error),
  },
  delays: {
    accessTokenRefresh: ({ context }) => refreshDelay(context.accessTokenExpiresAt, Date.now()),
    refreshRetry: REFRESH_RETRY_MS,
  },
  actions: {
    /** Injected: remember (the user's id) that this browser holds a login, for the next page load and the other tabs. */
    rememberLogin: (_, _params: { userId: string }) => {},
    /** Injected: forget that this browser holds a login. */
    forgetLogin: () => {},
    assignSession: assign((_, session: RestoredSession) => ({
      user: session.user,
      accessToken: session.tokens.access_token,
      accessTokenExpiresAt: accessTokenExpiry(session.tokens.access_token),
      mediaToken: session.tokens.media_token,
      remembered: true,
    })),
    assignTokens: assign((_, tokens: Tokens) => ({
      accessToken: tokens.access_token,
      accessTokenExpiresAt: accessTokenExpiry(tokens.access_token),
      mediaToken: tokens.media_token,
    })),
    assignUser: assign((_, user: User) => ({ user })),
    assignLanguage: assign(({ context }, language: Language) => ({
      user: context.user ? { ...context.user, account: { ...context.user.account, language } } : null,
    })),
    assignFcmToken: assign((_, fcmToken: string | null) => ({ fcmToken })),
    clearSession: assign(() => ({ ...loggedOutContext })),
    sendTokenToSocket: sendTo('socket', ({ context }) => ({ type: 'TOKEN' as const, token: context.accessToken ?? '' })),
    connectSocket: sendTo('socket', { type: 'CONNECT' as const }),
    emitLogoutOnSocket: sendTo('socket', { type: 'EMIT_LOGOUT' as const }),
    emitNavigate: emit((_, params: { href: string }) => ({ type: 'navigate' as const, href: params.href })),
    emitReload: emit({ type: 'reload' as const }),
    /** Injected: load and activate the language's catalog (no server call). */
    applyLanguage: (_, _language: Language) => {},
    /** Injected: tell the user the language choice was saved (logged in, once the server took it). */
    languageSaved: () => {},
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...loggedOutContext, remembered: input.remembered, fcmToken: input.fcmToken ?? null }),
  invoke: { id: 'otherTabs', src: 'otherTabs' },
  on: {
    LOGIN_STATUS_CHANGED: { actions: 'emitReload' },
    SET_FCM_TOKEN: { actions: { type: 'assignFcmToken', params: ({ event }) => event.token } },
    SESSION_EXPIRED: { actions: { type: 'emitNavigate', params: { href: '/login' } } },
  },
  initial: 'restoring',
  states: {
    restoring: {
      always: { guard: not('remembersLogin'), target: 'loggedOut' },
      on: { LANGUAGE: { actions: { type: 'applyLanguage', params: ({ event }) => event.language } } },
      invoke: {
        src: 'restore',
        onDone: {
          target: 'loggedIn',
          actions: [
            { type: 'assignSession', params: ({ event }) => event.output },
            { type: 'rememberLogin', params: ({ event }) => ({ userId: event.output.user._id }) },
          ],
        },
        onError: [
          // The server refused the cookie's token: the login is over.
          {
            guard: { type: 'tokenRejected', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'loggedOut',
            actions: ['clearSession', 'forgetLogin'],
          },
          // The server could not be reached: keep the login for the next page load.
          { target: 'loggedOut', actions: 'clearSession' },
        ],
      },
    },

    loggedOut: {
      on: {
        // Logged out, a language choice is only local (logged in, the language region saves it first).
        LANGUAGE: { actions: { type: 'applyLanguage', params: ({ event }) => event.language } },
        LOGGED_IN: {
          target: 'loggedIn',
          actions: [
            { type: 'assignSession', params: ({ event }) => ({ tokens: event.session, user: event.session.user }) },
            { type: 'rememberLogin', params: ({ event }) => ({ userId: event.session.user._id }) },
            { type: 'emitNavigate', params: ({ event }) => ({ href: event.redirect ?? '/home' }) },
          ],
        },
      },
    },

    loggedIn: {
      // The language comes from account.language after login.
      entry: { type: 'applyLanguage', params: ({ context }) => languageOf(context) },
      invoke: { id: 'socket', src: 'socketConnection', input: ({ context }) => ({ token: context.accessToken }) },
      initial: 'active',
      states: {
        active: {
          type: 'parallel',
          // Connect once after login.
          entry: 'connectSocket',
          on: {
            LOGOUT: 'loggingOut',
            SESSION_EXPIRED: {
              target: '#session.loggedOut',
              actions: ['clearSession', 'forgetLogin', { type: 'emitNavigate', params: { href: '/login' } }],
            },
            USER_UPDATED: { actions: { type: 'assignUser', params: ({ event }) => event.user } },
            // This login ended elsewhere. (While logging out it is the echo of our own logout.)
            SOCKET_LOGOUT: { actions: 'emitReload' },
          },
          states: {
            token: {
              initial: 'fresh',
              states: {
                fresh: {
                  after: { accessTokenRefresh: { guard: 'hasExpiry', target: 'refreshing' } },
                  on: { REFRESH_TOKEN: 'refreshing' },
                },
                // Single flight: further REFRESH_TOKEN events wait for this one.
                refreshing: {
                  invoke: {
                    src: 'refresh',
                    onDone: {
                      target: 'fresh',
                      actions: [{ type: 'assignTokens', params: ({ event }) => event.output }, 'sendTokenToSocket'],
                    },
                    onError: [
                      {
                        guard: { type: 'tokenRejected', params: ({ event }: { event: { error: unknown } }) => event.error },
                        target: '#session.loggedOut',
                        actions: ['clearSession', 'forgetLogin', { type: 'emitNavigate', params: { href: '/login' } }],
                      },
                      // Offline or the server is down: the session goes on, try again a bit later.
                      { target: 'retrying' },
                    ],
                  },
                },
                retrying: {
                  after: { refreshRetry: 'refreshing' },
                  on: { REFRESH_TOKEN: 'refreshing' },
                },
              },
            },
            user: {
              initial: 'idle',
              states: {
                idle: { on: { REFRESH_USER: 'loading' } },
                loading: {
                  invoke: {
                    src: 'userInfo',
                    onDone: { target: 'idle', actions: { type: 'assignUser', params: ({ event }) => event.output } },
                    onError: 'idle',
                  },
                  on: { REFRESH_USER: { target: 'loading', reenter: true } },
                },
              },
            },
            language: {
              initial: 'idle',
              states: {
                idle: { on: { LANGUAGE: 'saving' } },
                saving: {
                  invoke: {
                    src: 'updateLanguage',
                    input: ({ event }) => {
                      assertEvent(event, 'LANGUAGE')
                      return { language: event.language }
                    },
                    onDone: {
                      target: 'idle',
                      actions: [
                        { type: 'assignLanguage', params: ({ event }) => event.output },
                        { type: 'applyLanguage', params: ({ context }) => languageOf(context) },
                        'languageSaved',
                      ],
                    },
                    onError: 'idle',
                  },
                  on: { LANGUAGE: { target: 'saving', reenter: true } },
                },
              },
            },
          },
        },
        loggingOut: {
          // The socket hears LOGOUT first; then the server ends the login.
          entry: 'emitLogoutOnSocket',
          invoke: {
            src: 'logout',
            input: ({ context }) => logoutBody(context.fcmToken),
            onDone: {
              target: '#session.loggedOut',
              actions: ['clearSession', 'forgetLogin', { type: 'emitNavigate', params: { href: '/' } }],
            },
            onError: {
              target: '#session.loggedOut',
              actions: ['clearSession', 'forgetLogin', { type: 'emitNavigate', params: { href: '/' } }],
            },
          },
        },
      },
    },
  },
})

export type SessionMachine = typeof sessionMachine
export type SessionActor = ActorRefFrom<SessionMachine>
export type SessionSnapshot = SnapshotFrom<SessionMachine>
