import { expect, vi } from 'vitest'
import { within } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { Actor } from 'xstate'
import type { Session } from '../../contract/auth'
import type { User } from '../../contract/user'
import { lan } from './support/users'
import { authFormsMachine, connect, type AuthFormsEmitted, type AuthFormsSnapshot } from '../../src/machines/auth-forms'
import { ForgotPasswordForm } from '../../src/ui/auth/forgot-password-form'
import { LoginForm } from '../../src/ui/auth/login-form'
import { SignUpForm } from '../../src/ui/auth/sign-up-form'
import { VerifyEmailForm } from '../../src/ui/auth/verify-email-form'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * The logged-out flows through the real auth forms, each spreading its group of connect's props as
 * its route does (log in, sign up, verify email, forgot password: side by side). Calls and checks
 * are the machine's injected actors; navigation and the login hand-over are its emitted events.
 *
 * Oracles beside the machine, from what this test typed: every navigation is an in-app path whose
 * email is the one typed (or the account's); the password never appears in a URL; the session is
 * handed a login once at most, only for a verified account, with the link's redirect.
 */
type Kit = ModelKit<typeof authFormsMachine>
type S = AuthFormsSnapshot

Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true })

const EMAIL = 'lan@example.com'
const PASSWORD = 'secret12'
const NEW_PASSWORD = 'newsecret'

const user = (patch: Partial<User> = {}): User => lan({ email: EMAIL, ...patch })
const session = (patch: Partial<User> = {}): Session => ({ access_token: 'at', media_token: 'mt', user: user(patch) })

let emitted: AuthFormsEmitted[] = []
let current: Actor<typeof authFormsMachine> | null = null
let routerOf: unknown = null
let router = makeRouter()

function makeRouter() {
  return createRouter({ routeTree: createRootRoute({ component: AuthPages }), history: createMemoryHistory({ initialEntries: ['/'] }) })
}

function AuthPages() {
  const snapshot = useSelector(current!, (s) => s)
  const forms = connect(snapshot, current!.send)
  return (
    <main>
      <section aria-label="Log in page">
        <LoginForm key={snapshot.context.search.email ?? ''} {...forms.login} />
      </section>
      <section aria-label="Sign up page">
        <SignUpForm {...forms.signUp} />
      </section>
      <section aria-label="Verify email page">
        <VerifyEmailForm {...forms.verifyEmail} />
      </section>
      <section aria-label="Forgot password page">
        <ForgotPasswordForm {...forms.forgotPassword} />
      </section>
    </main>
  )
}

const inPage = (kit: Kit, name: string) => within(kit.screen.getByRole('region', { name }))
const fill = async (kit: Kit, scope: ReturnType<typeof within>, label: string, value: string) => {
  const input = scope.getByLabelText(label)
  await kit.user.clear(input)
  await kit.user.type(input, value)
}
const busy = (kit: Kit, page: string, button: string) =>
  inPage(kit, page).getByRole('button', { name: button }).getAttribute('aria-busy') === 'true'
const idle = (s: S) => s.matches('idle')
const navigations = () => emitted.flatMap((e) => (e.type === 'navigate' ? [e.href] : []))

describeModel({
  machine: authFormsMachine,
  inputs: { 'plain link': { search: {} }, 'link with a redirect': { search: { redirect: '/chat' } } },
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      c: { ...s.context, checkedSignUp: Boolean(s.context.checkedSignUp), checkedReset: Boolean(s.context.checkedReset) },
    }),
  events: {
    LOGIN: (s) => (idle(s) ? [{ type: 'LOGIN', email: EMAIL, password: PASSWORD }] : []),
    'xstate.done.actor.0.authForms.loggingIn': [
      { type: 'xstate.done.actor.0.authForms.loggingIn', output: session() },
      { type: 'xstate.done.actor.0.authForms.loggingIn', output: session({ email_verified: false }) },
    ],
    REGISTER: (s) =>
      idle(s) && !s.context.pendingEmail ? [{ type: 'REGISTER', name: 'Lan Nguyen', email: EMAIL, password: PASSWORD }] : [],
    'xstate.done.actor.0.authForms.checkingSignUp': [
      {
        type: 'xstate.done.actor.0.authForms.checkingSignUp',
        output: { ok: true, data: { name: 'Lan Nguyen', email: EMAIL, password: PASSWORD } },
      },
      { type: 'xstate.done.actor.0.authForms.checkingSignUp', output: { ok: false, errors: { password: ['Too short'] } } },
    ],
    'xstate.done.actor.0.authForms.registering': [
      { type: 'xstate.done.actor.0.authForms.registering', output: session({ email_verified: false }) },
    ],
    VERIFY_EMAIL: (s) => (idle(s) ? [{ type: 'VERIFY_EMAIL', email: EMAIL, code: '123456' }] : []),
    RESEND_CODE: (s) => (idle(s) && !s.context.notice ? [{ type: 'RESEND_CODE', email: EMAIL }] : []),
    FORGOT_PASSWORD: (s) => (idle(s) && !s.context.resetEmail ? [{ type: 'FORGOT_PASSWORD', email: EMAIL }] : []),
    RESET_PASSWORD: (s) => (idle(s) && s.context.resetEmail ? [{ type: 'RESET_PASSWORD', code: '654321', password: NEW_PASSWORD }] : []),
    'xstate.done.actor.0.authForms.checkingReset': [
      {
        type: 'xstate.done.actor.0.authForms.checkingReset',
        output: { ok: true, data: { email: EMAIL, code: '654321', password: NEW_PASSWORD } },
      },
      { type: 'xstate.done.actor.0.authForms.checkingReset', output: { ok: false, errors: { code: ['Enter the 6-digit code'] } } },
    ],
    BACK: (s) => (idle(s) && s.context.resetEmail ? [{ type: 'BACK' }] : []),
    SEARCH: (s) =>
      idle(s) && !s.context.search.email ? [{ type: 'SEARCH', search: { ...s.context.search, email: EMAIL, verified: true } }] : [],
  },
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
    await vi.advanceTimersByTimeAsync(0)
    await kit.screen.findByRole('main')
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
      if (!kit.previous.context.search.email) await fill(kit, scope, 'Email', event.email)
      await fill(kit, scope, 'Code', event.code)
      await kit.user.click(scope.getByRole('button', { name: 'Verify' }))
    },
    RESEND_CODE: async (event, kit) => {
      const scope = inPage(kit, 'Verify email page')
      if (!kit.previous.context.search.email) await fill(kit, scope, 'Email', event.email)
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
    'xstate.done.actor.0.authForms.loggingIn': async (event, kit) => {
      await kit.resolve('0.authForms.loggingIn', event.output)
      const handed = emitted.filter((e) => e.type === 'loggedIn')
      if ((event.output as Session).user.email_verified)
        expect(handed).toEqual([{ type: 'loggedIn', session: event.output, redirect: kit.previous.context.search.redirect ?? null }])
      else expect(handed).toEqual([])
    },
    'xstate.done.actor.0.authForms.sendingCode': async (_, kit) => {
      await kit.resolve('0.authForms.sendingCode', {})
      expect(navigations().at(-1)).toBe('/verify-email?email=lan%40example.com')
    },
    'xstate.done.actor.0.authForms.registering': async (event, kit) => {
      await kit.resolve('0.authForms.registering', event.output)
      expect(navigations().at(-1)).toBe('/verify-email?email=lan%40example.com')
    },
    'xstate.done.actor.0.authForms.verifying': async (_, kit) => {
      await kit.resolve('0.authForms.verifying', {})
      expect(navigations().at(-1)).toBe('/login?email=lan%40example.com&verified=1')
    },
    'xstate.done.actor.0.authForms.resettingPassword': async (_, kit) => {
      await kit.resolve('0.authForms.resettingPassword', {})
      expect(navigations().at(-1)).toBe('/login?email=lan%40example.com&reset=1')
    },
  },
  states: {
    '*': () => {
      for (const href of navigations()) {
        // In-app paths only, never carrying a password, always for the email typed.
        expect(href.startsWith('/') && !href.startsWith('//')).toBe(true)
        expect(href).not.toContain(PASSWORD)
        expect(href).not.toContain(NEW_PASSWORD)
        expect(new URLSearchParams(href.split('?')[1]).get('email')).toBe(EMAIL)
      }
      expect(emitted.filter((e) => e.type === 'loggedIn').length).toBeLessThanOrEqual(1)
    },
    idle: (expected, kit) => {
      expect(busy(kit, 'Log in page', 'Log in')).toBe(false)
      expect(busy(kit, 'Sign up page', 'Sign up')).toBe(false)
      const forgot = inPage(kit, 'Forgot password page')
      if (expected.context.resetEmail) {
        expect(forgot.getByRole('button', { name: 'Reset password' })).toBeTruthy()
        expect(forgot.queryByText('Enter the 6-digit code')).toBe(
          expected.context.resetErrors.code ? forgot.getByText('Enter the 6-digit code') : null,
        )
      } else expect(forgot.getByRole('button', { name: 'Send code' })).toBeTruthy()
      const signUp = inPage(kit, 'Sign up page')
      expect(signUp.queryByText('Too short')).toBe(expected.context.signUpErrors.password ? signUp.getByText('Too short') : null)
      const verify = inPage(kit, 'Verify email page')
      if (expected.context.notice === 'codeSent')
        expect(verify.getByRole('status').textContent).toBe('A new code has been sent to your email')
      else expect(verify.queryByRole('status')).toBeNull()
      const login = inPage(kit, 'Log in page')
      if (expected.context.search.email) {
        // A link from the verification: the email filled in, the notice shown.
        expect(login.getByRole<HTMLInputElement>('textbox', { name: 'Email' }).value).toBe(EMAIL)
        expect(login.getByRole('status').textContent).toBe('Your email is verified, please log in')
        expect(verify.getByText(EMAIL)).toBeTruthy()
      } else expect(login.queryByRole('status')).toBeNull()
    },
    loggingIn: (_, kit) => {
      expect(busy(kit, 'Log in page', 'Log in')).toBe(true)
      expect(kit.pending('0.authForms.loggingIn').input).toEqual({ email: EMAIL, password: PASSWORD })
    },
    loggedIn: (_, kit) => {
      // Handed over: the button stays busy while the app opens.
      expect(busy(kit, 'Log in page', 'Log in')).toBe(true)
    },
    sendingCode: (_, kit) => {
      // Not verified yet: a code goes out before the verify page.
      expect(busy(kit, 'Log in page', 'Log in')).toBe(true)
      expect(kit.pending('0.authForms.sendingCode').input).toEqual({ email: EMAIL })
    },
    checkingSignUp: (_, kit) => {
      expect(busy(kit, 'Sign up page', 'Sign up')).toBe(true)
      expect(kit.pending('0.authForms.checkingSignUp').input).toEqual({ name: 'Lan Nguyen', email: EMAIL, password: PASSWORD })
    },
    registering: (_, kit) => {
      expect(busy(kit, 'Sign up page', 'Sign up')).toBe(true)
      expect(kit.pending('0.authForms.registering').input).toEqual({ name: 'Lan Nguyen', email: EMAIL, password: PASSWORD })
    },
    verifying: (_, kit) => {
      expect(busy(kit, 'Verify email page', 'Verify')).toBe(true)
      expect(kit.pending('0.authForms.verifying').input).toEqual({ email: EMAIL, code: '123456' })
    },
    resendingCode: (_, kit) => {
      expect(inPage(kit, 'Verify email page').getByRole<HTMLButtonElement>('button', { name: 'Send a new code' }).disabled).toBe(true)
      expect(kit.pending('0.authForms.resendingCode').input).toEqual({ email: EMAIL })
    },
    requestingReset: (_, kit) => {
      expect(busy(kit, 'Forgot password page', 'Send code')).toBe(true)
      expect(kit.pending('0.authForms.requestingReset').input).toEqual({ email: EMAIL })
    },
    checkingReset: (_, kit) => {
      expect(busy(kit, 'Forgot password page', 'Reset password')).toBe(true)
      expect(kit.pending('0.authForms.checkingReset').input).toEqual({ email: EMAIL, code: '654321', password: NEW_PASSWORD })
    },
    resettingPassword: (_, kit) => {
      expect(busy(kit, 'Forgot password page', 'Reset password')).toBe(true)
      expect(kit.pending('0.authForms.resettingPassword').input).toEqual({ email: EMAIL, code: '654321', password: NEW_PASSWORD })
    },
  },
})
