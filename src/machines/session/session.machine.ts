import { assertEvent, assign, emit, fromCallback, fromPromise, not, raise, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { EmailOnlyBody, LoginBody, RegisterBody, ResetPasswordBody, Session, Tokens, VerifyEmailBody } from '../../../contract/auth'
import type { Language } from '../../../contract/common'
import type { User } from '../../../contract/user'
import { socketConnectionMachine } from '../socket-connection/socket-connection.machine'
import { actorNotProvided } from '../not-provided'

/**
 * The session: who is logged in, their tokens, and the auth flows that lead there.
 *
 *   restoring   refresh token in storage -> auth/refresh-token -> customer/user-info
 *   loggedOut   login, sign up, verify email, resend code, forgot / reset password
 *   loggedIn    active (parallel: token refresh, user reload, language, profile edits) and
 *               loggingOut (emit LOGOUT on the socket, then POST auth/logout, clear storage)
 *
 * Pure: every call is an injected actor (src/services/session.ts provides them), storage writes are
 * injected actions, and navigation / page reloads are emitted events the app acts on. The socket
 * connection is a child machine that lives exactly as long as the login.
 */

export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
/** Refresh the access token this long before it expires. */
export const REFRESH_AHEAD_MS = 60_000
/** After a refresh that could not reach the server, try again this much later. */
export const REFRESH_RETRY_MS = 15_000
const MAX_TIMER_MS = 2 ** 31 - 1

export type SessionNotice = 'codeSent' | 'nameSaved' | 'avatarSaved'
export type AvatarError = 'type' | 'size'

export interface SessionContext {
  user: User | null
  accessToken: string | null
  /** Epoch ms from the access token's `exp`, when it is a JWT. */
  accessTokenExpiresAt: number | null
  refreshToken: string | null
  /** Push token, once the push service registered one; sent with auth/logout only when held. */
  fcmToken: string | null
  /** Where to go after login (a same-origin path). */
  redirect: string | null
  /** Email an unverified login or a sign-up sent a code to. */
  pendingEmail: string | null
  /** Forgot password: the email the reset code went to (the page then shows the code step). */
  resetEmail: string | null
  notice: SessionNotice | null
  avatarError: AvatarError | null
  /** 0..100 while an avatar uploads. */
  uploadPercent: number | null
}

export interface SessionInput {
  refreshToken: string | null
  fcmToken?: string | null
}

export type SessionEvent =
  | { type: 'LOGIN'; email: string; password: string; redirect?: string }
  | { type: 'REGISTER'; name: string; email: string; password: string }
  | { type: 'VERIFY_EMAIL'; email: string; code: string }
  | { type: 'RESEND_CODE'; email: string }
  | { type: 'FORGOT_PASSWORD'; email: string }
  | { type: 'RESET_PASSWORD'; code: string; password: string }
  /** Forgot password: back from the code step to the email step. */
  | { type: 'BACK' }
  | { type: 'LOGOUT' }
  /** The access token was refused (HTTP 401) or is about to expire. */
  | { type: 'REFRESH_TOKEN' }
  /** A 401 nothing can fix: end the session and go to /login. */
  | { type: 'SESSION_EXPIRED' }
  | { type: 'REFRESH_USER' }
  | { type: 'LANGUAGE'; language: Language }
  | { type: 'UPDATE_NAME'; name: string }
  | { type: 'PICK_AVATAR'; file: { type: string; size: number } }
  | { type: 'UPLOAD_PROGRESS'; percent: number }
  | { type: 'UPLOAD_DONE'; user: User }
  | { type: 'UPLOAD_FAILED' }
  | { type: 'SET_FCM_TOKEN'; token: string | null }
  | { type: 'DISMISS_NOTICE' }
  /** Another tab logged in or out. */
  | { type: 'LOGIN_STATUS_CHANGED' }
  /** Another tab rotated the refresh token: ours is spent, theirs is the current one. */
  | { type: 'TOKENS_ROTATED'; refreshToken: string }
  /** The server's LOGOUT socket event: this login ended elsewhere. */
  | { type: 'SOCKET_LOGOUT' }

export type SessionEmitted = { type: 'navigate'; href: string } | { type: 'reload' }

/**
 * How the refresh and restore actors fail: `rejected` when the server refused the token (the
 * session is over), otherwise the server could not be reached and the stored session is kept.
 */
export interface TokenFailure {
  rejected: boolean
}

export const wasRejected = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as Partial<TokenFailure>).rejected === true

/** Only same-origin paths are followed after login. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}

/** `exp` of a JWT access token in epoch ms, or null for anything else. */
export function accessTokenExpiry(token: string | null): number | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof json.exp === 'number' ? json.exp * 1000 : null
  } catch {
    return null
  }
}

/** When to refresh an access token expiring at `expiresAt`: REFRESH_AHEAD_MS early, never negative. */
export function refreshDelay(expiresAt: number | null, now: number): number {
  if (expiresAt === null) return MAX_TIMER_MS
  return Math.min(Math.max(0, expiresAt - now - REFRESH_AHEAD_MS), MAX_TIMER_MS)
}

/** The body of POST auth/logout: fcm_token only when one is held. */
export function logoutBody(fcmToken: string | null): { fcm_token?: string } {
  return fcmToken ? { fcm_token: fcmToken } : {}
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()

const notProvided = actorNotProvided('session')

const loggedOutContext = {
  user: null,
  accessToken: null,
  accessTokenExpiresAt: null,
  refreshToken: null,
  redirect: null,
  notice: null,
  avatarError: null,
  uploadPercent: null,
} satisfies Partial<SessionContext>

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    restore: fromPromise<{ tokens: Tokens; user: User }, { refreshToken: string }>(notProvided('restore')),
    login: fromPromise<Session, LoginBody>(notProvided('login')),
    register: fromPromise<Session, RegisterBody>(notProvided('register')),
    verifyEmail: fromPromise<unknown, VerifyEmailBody>(notProvided('verifyEmail')),
    resendCode: fromPromise<unknown, EmailOnlyBody>(notProvided('resendCode')),
    forgotPassword: fromPromise<unknown, EmailOnlyBody>(notProvided('forgotPassword')),
    resetPassword: fromPromise<unknown, ResetPasswordBody>(notProvided('resetPassword')),
    refresh: fromPromise<Tokens, { refreshToken: string }>(notProvided('refresh')),
    userInfo: fromPromise<User, void>(notProvided('userInfo')),
    updateName: fromPromise<unknown, { name: string }>(notProvided('updateName')),
    /** PUT workid/update-language; answers with the language saved. */
    updateLanguage: fromPromise<Language, { language: Language }>(notProvided('updateLanguage')),
    /** Loads and activates the language's catalog (no server call). */
    applyLanguage: fromPromise<unknown, { language: Language }>(async () => undefined),
    /** Sends UPLOAD_PROGRESS, then UPLOAD_DONE or UPLOAD_FAILED. */
    uploadAvatar: fromCallback<SessionEvent, { file: { type: string; size: number } }>(() => () => {}),
    logout: fromPromise<unknown, { fcm_token?: string }>(notProvided('logout')),
    /** Watches other tabs: LOGIN_STATUS_CHANGED, TOKENS_ROTATED. */
    otherTabs: fromCallback<SessionEvent>(() => () => {}),
    socketConnection: socketConnectionMachine,
  },
  guards: {
    hasRefreshToken: ({ context }) => Boolean(context.refreshToken),
    emailVerified: (_, session: Session) => session.user.email_verified,
    hasResetEmail: ({ context }) => Boolean(context.resetEmail),
    hasExpiry: ({ context }) => context.accessTokenExpiresAt !== null,
    isAvatarType: ({ event }) => event.type === 'PICK_AVATAR' && (AVATAR_TYPES as readonly string[]).includes(event.file?.type ?? ''),
    isAvatarSize: ({ event }) => event.type === 'PICK_AVATAR' && (event.file?.size ?? Infinity) <= AVATAR_MAX_BYTES,
    tokenRejected: (_, error: unknown) => wasRejected(error),
  },
  delays: {
    accessTokenRefresh: ({ context }) => refreshDelay(context.accessTokenExpiresAt, Date.now()),
  },
  actions: {
    /** Injected: write the refresh token where the next page load finds it. */
    persistTokens: (_, _params: { refreshToken: string | null }) => {},
    /** Injected: forget the stored refresh token. */
    clearTokens: () => {},
    assignSession: assign((_, session: { tokens: Tokens; user: User }) => ({
      user: session.user,
      accessToken: session.tokens.access_token,
      accessTokenExpiresAt: accessTokenExpiry(session.tokens.access_token),
      refreshToken: session.tokens.refresh_token,
    })),
    assignTokens: assign((_, tokens: Tokens) => ({
      accessToken: tokens.access_token,
      accessTokenExpiresAt: accessTokenExpiry(tokens.access_token),
      refreshToken: tokens.refresh_token,
    })),
    assignUser: assign((_, user: User) => ({ user })),
    clearSession: assign(() => ({ ...loggedOutContext })),
    sendTokenToSocket: sendTo('socket', ({ context }) => ({ type: 'TOKEN' as const, token: context.accessToken ?? '' })),
    emitNavigate: emit((_, params: { href: string }) => ({ type: 'navigate' as const, href: params.href })),
    emitReload: emit({ type: 'reload' as const }),
    setNotice: assign((_, notice: SessionNotice | null) => ({ notice })),
    applyLanguageLocally: spawnChild('applyLanguage', { input: ({ event }) => ({ language: event.type === 'LANGUAGE' ? event.language : 'en' }) }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...loggedOutContext,
    refreshToken: input.refreshToken,
    fcmToken: input.fcmToken ?? null,
    pendingEmail: null,
    resetEmail: null,
  }),
  invoke: { id: 'otherTabs', src: 'otherTabs' },
  on: {
    LOGIN_STATUS_CHANGED: { actions: 'emitReload' },
    SET_FCM_TOKEN: { actions: assign({ fcmToken: ({ event }) => event.token }) },
    SESSION_EXPIRED: { actions: { type: 'emitNavigate', params: { href: '/login' } } },
    DISMISS_NOTICE: { actions: { type: 'setNotice', params: null } },
  },
  initial: 'restoring',
  states: {
    restoring: {
      always: { guard: not('hasRefreshToken'), target: 'loggedOut' },
      on: { LANGUAGE: { actions: 'applyLanguageLocally' } },
      invoke: {
        src: 'restore',
        input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
        onDone: {
          target: 'loggedIn',
          actions: [
            { type: 'assignSession', params: ({ event }) => event.output },
            { type: 'persistTokens', params: ({ event }) => ({ refreshToken: event.output.tokens.refresh_token }) },
          ],
        },
        onError: [
          // The server refused the stored token: forget it.
          { guard: { type: 'tokenRejected', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'loggedOut', actions: ['clearSession', 'clearTokens'] },
          // The server could not be reached: keep it for the next page load.
          { target: 'loggedOut', actions: 'clearSession' },
        ],
      },
    },

    loggedOut: {
      initial: 'idle',
      // Logged out, a language choice is only local (logged in, the language region saves it first).
      on: { LANGUAGE: { actions: 'applyLanguageLocally' } },
      states: {
        idle: {
          on: {
            LOGIN: 'loggingIn',
            REGISTER: 'registering',
            VERIFY_EMAIL: 'verifying',
            RESEND_CODE: 'resendingCode',
            FORGOT_PASSWORD: 'requestingReset',
            RESET_PASSWORD: { guard: 'hasResetEmail', target: 'resettingPassword' },
            BACK: { actions: assign({ resetEmail: null }) },
          },
        },
        loggingIn: {
          entry: assign({
            notice: null,
            redirect: ({ event }) => (event.type === 'LOGIN' ? safeRedirect(event.redirect) : null),
          }),
          invoke: {
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'LOGIN')
              return { email: event.email, password: event.password }
            },
            onDone: [
              {
                guard: { type: 'emailVerified', params: ({ event }) => event.output },
                target: '#session.loggedIn',
                actions: [
                  { type: 'assignSession', params: ({ event }) => ({ tokens: event.output, user: event.output.user }) },
                  { type: 'persistTokens', params: ({ event }) => ({ refreshToken: event.output.refresh_token }) },
                  { type: 'emitNavigate', params: ({ context }) => ({ href: context.redirect ?? '/home' }) },
                ],
              },
              // Email not verified yet: send a code and go verify it.
              { target: 'sendingCode', actions: assign({ pendingEmail: ({ event }) => event.output.user.email }) },
            ],
            onError: 'idle',
          },
        },
        sendingCode: {
          invoke: {
            src: 'resendCode',
            input: ({ context }) => ({ email: context.pendingEmail ?? '' }),
            onDone: { target: 'idle', actions: { type: 'emitNavigate', params: ({ context }) => ({ href: `/verify-email?${query({ email: context.pendingEmail ?? '' })}` }) } },
            onError: { target: 'idle', actions: { type: 'emitNavigate', params: ({ context }) => ({ href: `/verify-email?${query({ email: context.pendingEmail ?? '' })}` }) } },
          },
        },
        registering: {
          entry: { type: 'setNotice', params: null },
          invoke: {
            src: 'register',
            input: ({ event }) => {
              assertEvent(event, 'REGISTER')
              return { name: event.name, email: event.email, password: event.password }
            },
            // The server sends the verification code with the sign-up.
            onDone: {
              target: 'idle',
              actions: [
                assign({ pendingEmail: ({ event }) => event.output.user.email }),
                { type: 'emitNavigate', params: ({ event }) => ({ href: `/verify-email?${query({ email: event.output.user.email })}` }) },
              ],
            },
            onError: 'idle',
          },
        },
        verifying: {
          entry: [{ type: 'setNotice', params: null }, assign({ pendingEmail: ({ event }) => (event.type === 'VERIFY_EMAIL' ? event.email : null) })],
          invoke: {
            src: 'verifyEmail',
            input: ({ event }) => {
              assertEvent(event, 'VERIFY_EMAIL')
              return { email: event.email, code: event.code }
            },
            onDone: {
              target: 'idle',
              actions: {
                type: 'emitNavigate',
                params: ({ context }) => ({ href: `/login?${query({ email: context.pendingEmail ?? '', verified: '1' })}` }),
              },
            },
            onError: 'idle',
          },
        },
        resendingCode: {
          entry: { type: 'setNotice', params: null },
          invoke: {
            src: 'resendCode',
            input: ({ event }) => {
              assertEvent(event, 'RESEND_CODE')
              return { email: event.email }
            },
            onDone: { target: 'idle', actions: { type: 'setNotice', params: 'codeSent' } },
            onError: 'idle',
          },
        },
        requestingReset: {
          entry: assign({ pendingEmail: ({ event }) => (event.type === 'FORGOT_PASSWORD' ? event.email : null) }),
          invoke: {
            src: 'forgotPassword',
            input: ({ event }) => {
              assertEvent(event, 'FORGOT_PASSWORD')
              return { email: event.email }
            },
            onDone: { target: 'idle', actions: assign({ resetEmail: ({ context }) => context.pendingEmail }) },
            onError: 'idle',
          },
        },
        resettingPassword: {
          invoke: {
            src: 'resetPassword',
            input: ({ context, event }) => {
              assertEvent(event, 'RESET_PASSWORD')
              return { email: context.resetEmail ?? '', code: event.code, password: event.password }
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'emitNavigate', params: ({ context }) => ({ href: `/login?${query({ email: context.resetEmail ?? '', reset: '1' })}` }) },
                assign({ resetEmail: null }),
              ],
            },
            onError: 'idle',
          },
        },
      },
    },

    loggedIn: {
      // The language comes from account.language after login.
      entry: spawnChild('applyLanguage', { input: ({ context }) => ({ language: context.user?.account.language ?? 'en' }) }),
      invoke: { id: 'socket', src: 'socketConnection', input: ({ context }) => ({ token: context.accessToken }) },
      initial: 'active',
      states: {
        active: {
          type: 'parallel',
          // Connect once after login.
          entry: sendTo('socket', { type: 'CONNECT' }),
          on: {
            LOGOUT: 'loggingOut',
            SESSION_EXPIRED: {
              target: '#session.loggedOut',
              actions: ['clearSession', 'clearTokens', { type: 'emitNavigate', params: { href: '/login' } }],
            },
            TOKENS_ROTATED: { actions: assign({ refreshToken: ({ event }) => event.refreshToken }) },
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
                    input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
                    onDone: {
                      target: 'fresh',
                      actions: [
                        { type: 'assignTokens', params: ({ event }) => event.output },
                        { type: 'persistTokens', params: ({ event }) => ({ refreshToken: event.output.refresh_token }) },
                        'sendTokenToSocket',
                      ],
                    },
                    onError: [
                      {
                        guard: { type: 'tokenRejected', params: ({ event }: { event: { error: unknown } }) => event.error },
                        target: '#session.loggedOut',
                        actions: ['clearSession', 'clearTokens', { type: 'emitNavigate', params: { href: '/login' } }],
                      },
                      // Offline or the server is down: the session goes on, try again a bit later.
                      { target: 'retrying' },
                    ],
                  },
                },
                retrying: {
                  after: { [REFRESH_RETRY_MS]: 'refreshing' },
                  on: { REFRESH_TOKEN: 'refreshing' },
                },
              },
            },
            user: {
              initial: 'idle',
              states: {
                idle: { on: { REFRESH_USER: 'loading' } },
                loading: {
                  invoke: { src: 'userInfo', onDone: { target: 'idle', actions: { type: 'assignUser', params: ({ event }) => event.output } }, onError: 'idle' },
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
                        assign({ user: ({ context, event }) => (context.user ? { ...context.user, account: { ...context.user.account, language: event.output } } : null) }),
                        spawnChild('applyLanguage', { input: ({ context }) => ({ language: context.user?.account.language ?? 'en' }) }),
                      ],
                    },
                    onError: 'idle',
                  },
                  on: { LANGUAGE: { target: 'saving', reenter: true } },
                },
              },
            },
            profile: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    UPDATE_NAME: { target: 'savingName', actions: { type: 'setNotice', params: null } },
                    PICK_AVATAR: [
                      { guard: not('isAvatarType'), actions: assign({ avatarError: 'type', notice: null }) },
                      { guard: not('isAvatarSize'), actions: assign({ avatarError: 'size', notice: null }) },
                      { target: 'uploadingAvatar', actions: assign({ avatarError: null, notice: null, uploadPercent: 0 }) },
                    ],
                  },
                },
                savingName: {
                  invoke: {
                    src: 'updateName',
                    input: ({ event }) => {
                      assertEvent(event, 'UPDATE_NAME')
                      return { name: event.name }
                    },
                    onDone: { target: 'idle', actions: [{ type: 'setNotice', params: 'nameSaved' }, raise({ type: 'REFRESH_USER' })] },
                    onError: 'idle',
                  },
                },
                uploadingAvatar: {
                  invoke: {
                    src: 'uploadAvatar',
                    input: ({ event }) => {
                      assertEvent(event, 'PICK_AVATAR')
                      return { file: event.file }
                    },
                  },
                  on: {
                    UPLOAD_PROGRESS: { actions: assign({ uploadPercent: ({ event }) => event.percent }) },
                    UPLOAD_DONE: {
                      target: 'idle',
                      actions: [
                        { type: 'assignUser', params: ({ event }) => event.user },
                        assign({ uploadPercent: null }),
                        { type: 'setNotice', params: 'avatarSaved' },
                        raise({ type: 'REFRESH_USER' }),
                      ],
                    },
                    UPLOAD_FAILED: { target: 'idle', actions: assign({ uploadPercent: null }) },
                  },
                },
              },
            },
          },
        },
        loggingOut: {
          // The socket hears LOGOUT first; then the server ends the login.
          entry: sendTo('socket', { type: 'EMIT_LOGOUT' }),
          invoke: {
            src: 'logout',
            input: ({ context }) => logoutBody(context.fcmToken),
            onDone: { target: '#session.loggedOut', actions: ['clearSession', 'clearTokens', { type: 'emitNavigate', params: { href: '/' } }] },
            onError: { target: '#session.loggedOut', actions: ['clearSession', 'clearTokens', { type: 'emitNavigate', params: { href: '/' } }] },
          },
        },
      },
    },
  },
})

export type SessionMachine = typeof sessionMachine
export type SessionActor = ActorRefFrom<SessionMachine>
export type SessionSnapshot = SnapshotFrom<SessionMachine>
