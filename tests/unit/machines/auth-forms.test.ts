import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Session } from '../../../contract/auth'
import type { User } from '../../../contract/user'
import {
  authFormsMachine,
  connect,
  safeRedirect,
  type AuthFormsEmitted,
  type AuthSearch,
  type Checked,
} from '../../../src/machines/auth-forms'

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
const session = (over: Partial<User> = {}): Session => ({ access_token: 'access-1', media_token: 'media-1', user: user(over) })
const ok = <T>(data: T): Checked<T> => ({ ok: true, data })

/** The auth forms with recording fakes for every call and check. */
function harness(options: { search?: AuthSearch; login?: () => Promise<Session>; signUpCheck?: Checked<never> } = {}) {
  const calls: Record<string, unknown[]> = {}
  const record = (name: string, input?: unknown) => void (calls[name] ??= []).push(input)
  const machine = authFormsMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        record('login', input)
        return (options.login ?? (async () => session()))()
      }),
      register: fromPromise(async ({ input }) => {
        record('register', input)
        return session({ email: input.email, email_verified: false })
      }),
      verifyEmail: fromPromise(async ({ input }) => record('verifyEmail', input)),
      resendCode: fromPromise(async ({ input }) => record('resendCode', input)),
      forgotPassword: fromPromise(async ({ input }) => record('forgotPassword', input)),
      resetPassword: fromPromise(async ({ input }) => record('resetPassword', input)),
      checkSignUp: fromPromise(async ({ input }) => options.signUpCheck ?? ok(input)),
      checkReset: fromPromise(async ({ input }) => ok(input)),
    },
  })
  const actor = createActor(machine, { input: { search: options.search ?? {} } })
  const emitted: AuthFormsEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  const props = () => connect(actor.getSnapshot(), actor.send)
  return { actor, calls, emitted, props, navigations: () => emitted.flatMap((e) => (e.type === 'navigate' ? [e.href] : [])) }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

describe('authForms machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  describe('login', () => {
    it('a verified account is handed to the session with the same-origin redirect', async () => {
      const h = harness({ search: { redirect: '/account/profile' } })
      h.props().login.onSubmit({ email: 'lan@example.com', password: 'secret-12' })
      expect(h.props().login.submitting).toBe(true)
      await flush()
      expect(h.calls.login).toEqual([{ email: 'lan@example.com', password: 'secret-12' }])
      expect(h.emitted).toEqual([{ type: 'loggedIn', session: session(), redirect: '/account/profile' }])
      expect(h.props().login.submitting).toBe(true)
    })

    it('ignores a redirect to another origin', async () => {
      const h = harness({ search: { redirect: '//evil.example' } })
      h.actor.send({ type: 'LOGIN', email: 'a@b.co', password: 'secret-12' })
      await flush()
      expect(h.emitted).toEqual([{ type: 'loggedIn', session: session(), redirect: null }])
      expect(safeRedirect('https://evil.example')).toBeNull()
    })

    it('an unverified account gets a code (resend-code) and goes to /verify-email?email=…, not logged in', async () => {
      const h = harness({ login: async () => session({ email: 'new@example.com', email_verified: false }) })
      h.actor.send({ type: 'LOGIN', email: 'new@example.com', password: 'secret-12' })
      await flush()
      expect(h.calls.resendCode).toEqual([{ email: 'new@example.com' }])
      expect(h.navigations()).toEqual(['/verify-email?email=new%40example.com'])
      expect(h.emitted.some((e) => e.type === 'loggedIn')).toBe(false)
      expect(h.actor.getSnapshot().matches('idle')).toBe(true)
    })

    it('a failed login returns to idle (the error catalogue already showed the message)', async () => {
      const h = harness({ login: async () => Promise.reject(new Error('400')) })
      h.actor.send({ type: 'LOGIN', email: 'a@b.co', password: 'wrong' })
      await flush()
      expect(h.props().login.submitting).toBe(false)
      expect(h.emitted).toEqual([])
    })

    it('shows the notice and the email its URL carries', () => {
      expect(harness({ search: { email: 'lan@example.com', verified: true } }).props().login).toMatchObject({
        defaultEmail: 'lan@example.com',
        notice: { message: 'Your email is verified, please log in' },
      })
      expect(harness({ search: { reset: true } }).props().login.notice?.message).toBe('Your password has been changed, please log in')
    })
  })

  describe('sign up, verify, forgot password', () => {
    it('sign up is checked, then goes to /verify-email with the email', async () => {
      const h = harness()
      h.props().signUp.onSubmit({ name: 'Lan', email: 'lan@example.com', password: 'secret-12' })
      await flush()
      expect(h.calls.register).toEqual([{ name: 'Lan', email: 'lan@example.com', password: 'secret-12' }])
      expect(h.navigations()).toEqual(['/verify-email?email=lan%40example.com'])
      expect(h.actor.getSnapshot().context.checkedSignUp).toBeNull()
    })

    it('a sign-up the check refuses shows its messages and sends nothing', async () => {
      const h = harness({ signUpCheck: { ok: false, errors: { password: ['Too short'] } } })
      h.props().signUp.onSubmit({ name: 'Lan', email: 'lan@example.com', password: '1' })
      await flush()
      expect(h.calls.register).toBeUndefined()
      expect(h.props().signUp).toMatchObject({ submitting: false, errors: { password: ['Too short'] } })
    })

    it('verify goes to /login with the email and the verified notice; resend shows its notice', async () => {
      const h = harness({ search: { email: 'lan@example.com' } })
      expect(h.props().verifyEmail.email).toBe('lan@example.com')
      h.props().verifyEmail.onResend('lan@example.com')
      expect(h.props().verifyEmail.resending).toBe(true)
      await flush()
      expect(h.props().verifyEmail.notice?.message).toBe('A new code has been sent to your email')
      h.props().verifyEmail.onVerify({ email: 'lan@example.com', code: '123456' })
      expect(h.props().verifyEmail).toMatchObject({ verifying: true, notice: null })
      await flush()
      expect(h.calls.verifyEmail).toEqual([{ email: 'lan@example.com', code: '123456' }])
      expect(h.navigations()).toEqual(['/login?email=lan%40example.com&verified=1'])
    })

    it('forgot password: email step, then code + new password step, then /login', async () => {
      const h = harness()
      expect(h.props().forgotPassword.step).toBe('email')
      // No code step before an email was sent.
      h.actor.send({ type: 'RESET_PASSWORD', code: '123456', password: 'new-pass-9' })
      await flush()
      expect(h.calls.resetPassword).toBeUndefined()
      h.props().forgotPassword.onRequestCode('lan@example.com')
      await flush()
      expect(h.props().forgotPassword).toMatchObject({ step: 'reset', email: 'lan@example.com' })
      h.props().forgotPassword.onReset({ code: '123456', password: 'new-pass-9' })
      await flush()
      expect(h.calls.resetPassword).toEqual([{ email: 'lan@example.com', code: '123456', password: 'new-pass-9' }])
      expect(h.navigations()).toEqual(['/login?email=lan%40example.com&reset=1'])
      expect(h.props().forgotPassword.step).toBe('email')
    })
  })
})
