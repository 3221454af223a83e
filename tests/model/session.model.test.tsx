import { useState } from 'react'
import { expect, vi } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { useSelector } from '@xstate/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { Actor, AnyEventObject, EventObject } from 'xstate'
import type { User } from '../../contract/user'
import { accountView, forgotPasswordView, loginView, profileView, sessionMachine, signUpView, verifyEmailView, type SessionSnapshot } from '../../src/machines/session'
import { AccountDrawer } from '../../src/ui/app/account-drawer'
import { ProfileForm } from '../../src/ui/app/profile-form'
import { TopHeader } from '../../src/ui/app/top-header'
import { ForgotPasswordForm } from '../../src/ui/auth/forgot-password-form'
import { LoginForm } from '../../src/ui/auth/login-form'
import { SignUpForm } from '../../src/ui/auth/sign-up-form'
import { VerifyEmailForm } from '../../src/ui/auth/verify-email-form'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The session, driven through the real auth forms (log in, sign up, verify email, forgot
 * password: each route's component, side by side) and, logged in, the real header, profile form
 * and account drawer. Calls are the machine's injected actors; navigation and reloads are its
 * emitted events.
 */
type Kit = ModelKit<typeof sessionMachine>
type S = SessionSnapshot

Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true })

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
const jwt = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`
/** An access token that expires in an hour (the refresh is timed from it), and one without exp. */
const EXPIRING = jwt({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 })
const OPAQUE = jwt({ sub: 'u-1' })

const user = (patch: Partial<User> = {}): User => ({
  _id: 'u-1',
  name: 'Lan Nguyen',
  email: 'lan@example.com',
  email_verified: true,
  workid: 'lan.nguyen',
  photo_url: null,
  package: 'freemium',
  account: { language: 'en', skip_tutorial: 1, only_friend_call: 0, only_friend_invite_topic: 0, only_friend_chat: 0, sounds: 1, channel: null, use_for: null, start_with: null, website: null },
  created_at: '2026-01-05T08:00:00.000Z',
  ...patch,
})
const LAN = user()
const UNVERIFIED = user({ email_verified: false })

let emitted: EventObject[] = []
let typedName: string | null = null
let current: Actor<typeof sessionMachine> | null = null
let routerOf: unknown = null
let router = makeRouter()

function makeRouter() {
  return createRouter({ routeTree: createRootRoute({ component: SessionScreens }), history: createMemoryHistory({ initialEntries: ['/'] }) })
}

function SessionScreens() {
  const snapshot = useSelector(current!, (s) => s)
  const send = current!.send
  const [accountOpen, setAccountOpen] = useState(false)
  if (snapshot.matches('restoring')) return null
  if (snapshot.matches('loggedOut')) {
    const verify = verifyEmailView(snapshot)
    return (
      <main>
        <section aria-label="Log in page">
          <LoginForm {...loginView(snapshot)} onSubmit={(values) => send({ type: 'LOGIN', ...values, redirect: '/chat' })} />
        </section>
        <section aria-label="Sign up page">
          <SignUpForm {...signUpView(snapshot)} errors={{}} onSubmit={(values) => send({ type: 'REGISTER', ...values })} />
        </section>
        <section aria-label="Verify email page">
          <VerifyEmailForm
            email={snapshot.context.pendingEmail}
            verifying={verify.verifying}
            resending={verify.resending}
            notice={verify.notice ? i18n._(verify.notice) : null}
            onVerify={(values) => send({ type: 'VERIFY_EMAIL', ...values })}
            onResend={(email) => send({ type: 'RESEND_CODE', email })}
          />
        </section>
        <section aria-label="Forgot password page">
          <ForgotPasswordForm
            {...forgotPasswordView(snapshot)}
            errors={{}}
            onRequestCode={(email) => send({ type: 'FORGOT_PASSWORD', email })}
            onReset={(values) => send({ type: 'RESET_PASSWORD', ...values })}
            onBack={() => send({ type: 'BACK' })}
          />
        </section>
      </main>
    )
  }
  const account = accountView(snapshot)
  return (
    <>
      <TopHeader name={account.name} photoUrl={account.photoUrl} initials={account.initials} languageSelector={null} onOpenAccount={() => setAccountOpen(true)} />
      <main>
        <ProfileForm {...profileView(snapshot)} onSaveName={(name) => send({ type: 'UPDATE_NAME', name })} onPickAvatar={(file) => send({ type: 'PICK_AVATAR', file })} />
      </main>
      <AccountDrawer open={accountOpen} onClose={() => setAccountOpen(false)} {...account} onLogout={() => send({ type: 'LOGOUT' })} onOpenSettings={() => setAccountOpen(false)} />
    </>
  )
}

const page = ({ screen }: Kit, name: string) => screen.getByRole('region', { name })
const inPage = (kit: Kit, name: string) => within(page(kit, name))
const fill = async (kit: Kit, scope: ReturnType<typeof within>, label: string, value: string) => {
  const input = scope.getByLabelText(label)
  await kit.user.clear(input)
  await kit.user.type(input, value)
}
const lastNavigation = () => [...emitted].reverse().find((e) => e.type === 'navigate') as { href: string } | undefined

const at = (s: S, value: Parameters<S['matches']>[0]) => s.matches(value)
const idleOut = (s: S) => at(s, { loggedOut: 'idle' })
/** Logged in with every region at rest. */
const quiet = (s: S, except?: 'token' | 'user' | 'language' | 'profile') =>
  at(s, { loggedIn: 'active' }) &&
  (except === 'token' || at(s, { loggedIn: { active: { token: 'fresh' } } })) &&
  (except === 'user' || at(s, { loggedIn: { active: { user: 'idle' } } })) &&
  (except === 'language' || at(s, { loggedIn: { active: { language: 'idle' } } })) &&
  (except === 'profile' || at(s, { loggedIn: { active: { profile: 'idle' } } }))
const when = (ok: boolean, events: AnyEventObject[]) => (ok ? events : [])

describeModel({
  machine: sessionMachine,
  inputs: { 'stored login': { refreshToken: 'rt-1', fcmToken: null }, 'first visit': { refreshToken: null, fcmToken: null } },
  select: 'coverage',
  limit: 50_000,
  serializeState: (s) => {
    const c = s.context
    return JSON.stringify({
      value: s.value,
      user: c.user ? c.user.account.language : null,
      expiry: c.accessTokenExpiresAt !== null,
      refresh: c.refreshToken !== null,
      fcm: c.fcmToken !== null,
      pending: c.pendingEmail !== null,
      reset: c.resetEmail !== null,
      notice: c.notice,
      avatar: c.avatarError,
      upload: c.uploadPercent,
    })
  },
  events: {
    'xstate.done.actor.0.session.restoring': [
      { type: 'xstate.done.actor.0.session.restoring', output: { tokens: { access_token: EXPIRING, refresh_token: 'rt-2' }, user: LAN } },
      { type: 'xstate.done.actor.0.session.restoring', output: { tokens: { access_token: OPAQUE, refresh_token: 'rt-2' }, user: LAN } },
    ],
    'xstate.error.actor.0.session.restoring': [
      { type: 'xstate.error.actor.0.session.restoring', error: { rejected: true } },
      { type: 'xstate.error.actor.0.session.restoring', error: { rejected: false } },
    ],
    // Logged out: the forms.
    LOGIN: (s) => when(idleOut(s), [{ type: 'LOGIN', email: 'lan@example.com', password: 'secret12', redirect: '/chat' }]),
    'xstate.done.actor.0.session.loggedOut.loggingIn': [
      { type: 'xstate.done.actor.0.session.loggedOut.loggingIn', output: { access_token: EXPIRING, refresh_token: 'rt-3', user: LAN } },
      { type: 'xstate.done.actor.0.session.loggedOut.loggingIn', output: { access_token: EXPIRING, refresh_token: 'rt-3', user: UNVERIFIED } },
    ],
    REGISTER: (s) => when(idleOut(s), [{ type: 'REGISTER', name: 'Lan Nguyen', email: 'lan@example.com', password: 'secret12' }]),
    'xstate.done.actor.0.session.loggedOut.registering': [{ type: 'xstate.done.actor.0.session.loggedOut.registering', output: { access_token: '', refresh_token: '', user: UNVERIFIED } }],
    VERIFY_EMAIL: (s) => when(idleOut(s), [{ type: 'VERIFY_EMAIL', email: 'lan@example.com', code: '123456' }]),
    RESEND_CODE: (s) => when(idleOut(s), [{ type: 'RESEND_CODE', email: 'lan@example.com' }]),
    FORGOT_PASSWORD: (s) => when(idleOut(s) && !s.context.resetEmail, [{ type: 'FORGOT_PASSWORD', email: 'lan@example.com' }]),
    RESET_PASSWORD: (s) => when(idleOut(s) && Boolean(s.context.resetEmail), [{ type: 'RESET_PASSWORD', code: '654321', password: 'newsecret' }]),
    BACK: (s) => when(idleOut(s) && Boolean(s.context.resetEmail), [{ type: 'BACK' }]),
    LANGUAGE: (s) => when(at(s, 'restoring') || idleOut(s) || quiet(s, 'language'), [{ type: 'LANGUAGE', language: 'vi' }]),
    // Anywhere at rest.
    LOGIN_STATUS_CHANGED: (s) => when(idleOut(s) || quiet(s), [{ type: 'LOGIN_STATUS_CHANGED' }]),
    SET_FCM_TOKEN: (s) => when((idleOut(s) || quiet(s)) && !s.context.fcmToken, [{ type: 'SET_FCM_TOKEN', token: 'fcm-1' }]),
    SESSION_EXPIRED: (s) => when(idleOut(s) || quiet(s), [{ type: 'SESSION_EXPIRED' }]),
    DISMISS_NOTICE: (s) => when((idleOut(s) || quiet(s)) && s.context.notice !== null, [{ type: 'DISMISS_NOTICE' }]),
    // Logged in.
    LOGOUT: (s) => when(quiet(s), [{ type: 'LOGOUT' }]),
    TOKENS_ROTATED: (s) => when(quiet(s), [{ type: 'TOKENS_ROTATED', refreshToken: 'rt-9' }]),
    SOCKET_LOGOUT: (s) => when(quiet(s), [{ type: 'SOCKET_LOGOUT' }]),
    REFRESH_TOKEN: (s) => when(quiet(s, 'token'), [{ type: 'REFRESH_TOKEN' }]),
    'xstate.done.actor.0.session.loggedIn.active.token.refreshing': [
      { type: 'xstate.done.actor.0.session.loggedIn.active.token.refreshing', output: { access_token: EXPIRING, refresh_token: 'rt-4' } },
    ],
    'xstate.error.actor.0.session.loggedIn.active.token.refreshing': [
      { type: 'xstate.error.actor.0.session.loggedIn.active.token.refreshing', error: { rejected: true } },
      { type: 'xstate.error.actor.0.session.loggedIn.active.token.refreshing', error: { rejected: false } },
    ],
    REFRESH_USER: (s) => when(quiet(s, 'user'), [{ type: 'REFRESH_USER' }]),
    'xstate.done.actor.0.session.loggedIn.active.user.loading': [{ type: 'xstate.done.actor.0.session.loggedIn.active.user.loading', output: user({ name: 'Lan N.' }) }],
    'xstate.done.actor.0.session.loggedIn.active.language.saving': [{ type: 'xstate.done.actor.0.session.loggedIn.active.language.saving', output: 'vi' }],
    UPDATE_NAME: (s) => when(quiet(s), [{ type: 'UPDATE_NAME', name: 'Lan Tran' }]),
    PICK_AVATAR: (s) =>
      when(quiet(s), [
        { type: 'PICK_AVATAR', file: { type: 'image/gif', size: 2048 } },
        { type: 'PICK_AVATAR', file: { type: 'image/png', size: 6 * 1024 * 1024 } },
        { type: 'PICK_AVATAR', file: { type: 'image/png', size: 2048 } },
      ]),
    UPLOAD_PROGRESS: (s) => when(s.context.uploadPercent === 0, [{ type: 'UPLOAD_PROGRESS', percent: 40 }]),
    UPLOAD_DONE: [{ type: 'UPLOAD_DONE', user: user({ photo_url: '/media/avatar.png' }) }],
  },
  callbackActors: ['otherTabs', 'uploadAvatar'],
  render: (_, __, actor) => {
    if (routerOf !== actor) {
      router = makeRouter()
      routerOf = actor
      emitted = []
      typedName = null
      actor.on('*', (event) => emitted.push(event))
    }
    current = actor
    return <RouterProvider router={router} />
  },
  ready: async (kit) => {
    await vi.advanceTimersByTimeAsync(0)
    if (!kit.actor.getSnapshot().matches('restoring')) await kit.screen.findAllByRole('main')
  },
  perform: {
    LOGIN: async (event, kit) => {
      const scope = inPage(kit, 'Log in page')
      await fill(kit, scope, 'Email', event.email)
      await fill(kit, scope, 'Password', event.password)
      await kit.user.click(scope.getByRole('button', { name: 'Log in' }))
    },
    REGISTER: async (event, kit) => {
      const scope = inPage(kit, 'Sign up page')
      await fill(kit, scope, 'Name', event.name)
      await fill(kit, scope, 'Email', event.email)
      await fill(kit, scope, 'Password', event.password)
      await kit.user.click(scope.getByRole('button', { name: 'Sign up' }))
    },
    VERIFY_EMAIL: async (event, kit) => {
      const scope = inPage(kit, 'Verify email page')
      if (!kit.previous.context.pendingEmail) await fill(kit, scope, 'Email', event.email)
      await fill(kit, scope, 'Code', event.code)
      await kit.user.click(scope.getByRole('button', { name: 'Verify' }))
    },
    RESEND_CODE: async (event, kit) => {
      const scope = inPage(kit, 'Verify email page')
      if (!kit.previous.context.pendingEmail) await fill(kit, scope, 'Email', event.email)
      await kit.user.click(scope.getByRole('button', { name: 'Send a new code' }))
    },
    FORGOT_PASSWORD: async (event, kit) => {
      const scope = inPage(kit, 'Forgot password page')
      await fill(kit, scope, 'Email', event.email)
      await kit.user.click(scope.getByRole('button', { name: 'Send code' }))
    },
    RESET_PASSWORD: async (event, kit) => {
      const scope = inPage(kit, 'Forgot password page')
      await fill(kit, scope, 'Code', event.code)
      await fill(kit, scope, 'New password', event.password)
      await kit.user.click(scope.getByRole('button', { name: 'Reset password' }))
    },
    BACK: async (_, kit) => {
      await kit.user.click(inPage(kit, 'Forgot password page').getByRole('button', { name: 'Use another email' }))
    },
    LOGOUT: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Account' }))
      await kit.user.click(within(kit.screen.getByRole('dialog', { name: 'Your account' })).getByRole('button', { name: 'Log out' }))
    },
    UPDATE_NAME: async (event, kit) => {
      typedName = event.name
      const name = kit.screen.getByLabelText('Name')
      await kit.user.clear(name)
      await kit.user.type(name, event.name)
      await kit.user.click(kit.screen.getByRole('button', { name: 'Save' }))
    },
    PICK_AVATAR: async (event, kit) => {
      const input = kit.container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!
      const file = new File([new Uint8Array(event.file.size)], event.file.type === 'image/gif' ? 'me.gif' : 'me.png', { type: event.file.type })
      // The file dialog's "all files": the picker does not filter, the machine decides.
      fireEvent.change(input, { target: { files: [file] } })
    },
    UPLOAD_PROGRESS: async (event, kit) => kit.sendBack('uploadAvatar', event),
    UPLOAD_DONE: async (event, kit) => kit.sendBack('uploadAvatar', event),
    UPLOAD_FAILED: async (event, kit) => kit.sendBack('uploadAvatar', event),
    LOGIN_STATUS_CHANGED: async (event, kit) => {
      const before = emitted.length
      await kit.sendBack('otherTabs', event)
      // Another tab logged in or out: the page reloads.
      expect(emitted.slice(before)).toEqual([{ type: 'reload' }])
    },
    TOKENS_ROTATED: async (event, kit) => kit.sendBack('otherTabs', event),
    SESSION_EXPIRED: async (_, kit) => {
      await kit.send({ type: 'SESSION_EXPIRED' })
      expect(lastNavigation()).toEqual({ type: 'navigate', href: '/login' })
    },
    SOCKET_LOGOUT: async (_, kit) => {
      const before = emitted.length
      await kit.send({ type: 'SOCKET_LOGOUT' })
      expect(emitted.slice(before)).toEqual([{ type: 'reload' }])
    },
    'xstate.done.actor.0.session.loggedOut.loggingIn': async (event, kit) => {
      await kit.resolve('0.session.loggedOut.loggingIn', event.output)
      if (event.output.user.email_verified) expect(lastNavigation()).toEqual({ type: 'navigate', href: '/chat' })
    },
    'xstate.done.actor.0.session.loggedOut.sendingCode': async (_, kit) => {
      await kit.resolve('0.session.loggedOut.sendingCode', {})
      expect(lastNavigation()).toEqual({ type: 'navigate', href: '/verify-email?email=lan%40example.com' })
    },
    'xstate.done.actor.0.session.loggedOut.verifying': async (_, kit) => {
      await kit.resolve('0.session.loggedOut.verifying', {})
      expect(lastNavigation()).toEqual({ type: 'navigate', href: '/login?email=lan%40example.com&verified=1' })
    },
    'xstate.done.actor.0.session.loggedIn.loggingOut': async (_, kit) => {
      await kit.resolve('0.session.loggedIn.loggingOut', {})
      expect(lastNavigation()).toEqual({ type: 'navigate', href: '/' })
    },
  },
  states: {
    '*': (expected, kit) => {
      if (expected.matches('loggedOut')) {
        expect(kit.screen.queryByRole('button', { name: 'Account' })).toBeNull()
        expect(inPage(kit, 'Log in page').getByRole('button', { name: 'Log in' })).toBeTruthy()
      }
    },
    restoring: (expected, kit) => {
      // A stored refresh token: the session is restored before anything shows.
      expect(expected.context.refreshToken).toBe('rt-1')
      expect(kit.screen.queryByRole('main')).toBeNull()
      expect(kit.pending('0.session.restoring').input).toEqual({ refreshToken: 'rt-1' })
    },
    'loggedOut.idle': (expected, kit) => {
      expect(inPage(kit, 'Log in page').getByRole<HTMLButtonElement>('button', { name: 'Log in' }).disabled).toBe(false)
      expect(inPage(kit, 'Sign up page').getByRole<HTMLButtonElement>('button', { name: 'Sign up' }).disabled).toBe(false)
      const forgot = inPage(kit, 'Forgot password page')
      if (expected.context.resetEmail) expect(forgot.getByRole('button', { name: 'Reset password' })).toBeTruthy()
      else expect(forgot.getByRole('button', { name: 'Send code' })).toBeTruthy()
      const notice = expected.context.notice === 'codeSent' ? 'A new code has been sent to your email' : null
      if (notice) expect(inPage(kit, 'Verify email page').getByRole('status').textContent).toBe(notice)
      if (expected.context.pendingEmail) expect(inPage(kit, 'Verify email page').getByText('lan@example.com')).toBeTruthy()
    },
    'loggedOut.loggingIn': (_, kit) => {
      expect(inPage(kit, 'Log in page').getByRole('button', { name: 'Log in' }).getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('0.session.loggedOut.loggingIn').input).toEqual({ email: 'lan@example.com', password: 'secret12' })
    },
    'loggedOut.sendingCode': (_, kit) => {
      // Not verified yet: a code goes out before the verify page.
      expect(inPage(kit, 'Log in page').getByRole('button', { name: 'Log in' }).getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('0.session.loggedOut.sendingCode').input).toEqual({ email: 'lan@example.com' })
    },
    'loggedOut.registering': (_, kit) => {
      expect(inPage(kit, 'Sign up page').getByRole('button', { name: 'Sign up' }).getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('0.session.loggedOut.registering').input).toEqual({ name: 'Lan Nguyen', email: 'lan@example.com', password: 'secret12' })
    },
    'loggedOut.verifying': (_, kit) => {
      expect(inPage(kit, 'Verify email page').getByRole('button', { name: 'Verify' }).getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('0.session.loggedOut.verifying').input).toEqual({ email: 'lan@example.com', code: '123456' })
    },
    'loggedOut.resendingCode': (_, kit) => {
      expect(inPage(kit, 'Verify email page').getByRole<HTMLButtonElement>('button', { name: 'Send a new code' }).disabled).toBe(true)
      expect(kit.pending('0.session.loggedOut.resendingCode').input).toEqual({ email: 'lan@example.com' })
    },
    'loggedOut.requestingReset': (_, kit) => {
      expect(inPage(kit, 'Forgot password page').getByRole('button', { name: 'Send code' }).getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('0.session.loggedOut.requestingReset').input).toEqual({ email: 'lan@example.com' })
    },
    'loggedOut.resettingPassword': (_, kit) => {
      expect(inPage(kit, 'Forgot password page').getByRole('button', { name: 'Reset password' }).getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('0.session.loggedOut.resettingPassword').input).toEqual({ email: 'lan@example.com', code: '654321', password: 'newsecret' })
    },
    loggedIn: (expected, kit) => {
      // The header names the user; the socket child runs with the access token.
      // (hidden: while the account drawer is open the rest of the page is inert)
      expect(kit.screen.getByRole('button', { name: 'Account', hidden: true }).textContent).toContain(expected.context.user!.name)
      expect(Object.keys(kit.actor.getSnapshot().children)).toContain('socket')
    },
    'loggedIn.active.token.fresh': () => {},
    'loggedIn.active.token.refreshing': (expected, kit) => {
      expect(kit.pending('0.session.loggedIn.active.token.refreshing').input).toEqual({ refreshToken: expected.context.refreshToken })
    },
    'loggedIn.active.token.retrying': (_, kit) => {
      // Offline: still logged in, another try later.
      expect(kit.screen.getByLabelText('Name')).toBeTruthy()
    },
    'loggedIn.active.user.idle': () => {},
    'loggedIn.active.user.loading': (_, kit) => {
      expect(kit.pending('0.session.loggedIn.active.user.loading')).toBeTruthy()
    },
    'loggedIn.active.language.idle': () => {},
    'loggedIn.active.language.saving': (_, kit) => {
      expect(kit.pending('0.session.loggedIn.active.language.saving').input).toEqual({ language: 'vi' })
    },
    'loggedIn.active.profile.idle': (expected, kit) => {
      // The field shows the account's name, or what the user typed until the account changes.
      expect([expected.context.user!.name, typedName]).toContain(kit.screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value)
      const { avatarError, notice } = expected.context
      if (avatarError) expect(kit.screen.getByRole('alert').textContent).toBe(avatarError === 'type' ? 'You can only upload JPG/PNG file' : 'The file is too large')
      else expect(kit.screen.queryByRole('alert')).toBeNull()
      if (notice === 'nameSaved') expect(kit.screen.getByRole('status').textContent).toBe('Your name has been saved')
      if (notice === 'avatarSaved') expect(kit.screen.getByRole('status').textContent).toBe('Your avatar has been updated')
    },
    'loggedIn.active.profile.savingName': (_, kit) => {
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true)
      expect(kit.pending('0.session.loggedIn.active.profile.savingName').input).toEqual({ name: 'Lan Tran' })
    },
    'loggedIn.active.profile.uploadingAvatar': (expected, kit) => {
      expect(kit.screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(String(expected.context.uploadPercent))
      expect(kit.callbacks.filter((c) => c.src === 'uploadAvatar' && !c.stopped)).toHaveLength(1)
    },
    'loggedIn.loggingOut': (expected, kit) => {
      const drawer = kit.screen.getByRole('dialog', { name: 'Your account' })
      expect(within(drawer).getByRole<HTMLButtonElement>('button', { name: 'Log out' }).disabled).toBe(true)
      // POST auth/logout sends fcm_token only when one is held.
      expect(kit.pending('0.session.loggedIn.loggingOut').input).toEqual(expected.context.fcmToken ? { fcm_token: expected.context.fcmToken } : {})
    },
  },
})
