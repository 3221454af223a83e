import { assertEvent, assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { EmailOnlyBody, LoginBody, RegisterBody, ResetPasswordBody, Session, VerifyEmailBody } from '../../../contract/auth'
import { actorNotProvided } from '../not-provided'
import { resetLoginHref, safeRedirect, verifiedLoginHref, verifyEmailHref } from './auth-forms.rules'
import type {
  AuthFormsContext,
  AuthFormsEmitted,
  AuthFormsEvent,
  AuthFormsInput,
  AuthNotice,
  AuthSearch,
  Checked,
  FieldErrors,
} from './auth-forms.types'

/**
 * The logged-out flows, one page each: log in, sign up, verify email, resend the code, forgot
 * and reset the password.
 *
 *   idle              a form waits for its submit
 *   loggingIn         auth/login; a verified account -> loggedIn (the session takes over),
 *                     else sendingCode (a code goes out) -> /verify-email
 *   checkingSignUp    the form against the contract -> registering -> /verify-email
 *   verifying         auth/verify-email -> /login?verified
 *   resendingCode     auth/resend-code -> the "code sent" notice
 *   requestingReset   auth/forgot-password -> the code step
 *   checkingReset     the code step against the contract -> resettingPassword -> /login?reset
 *
 * Pure: calls and checks are injected actors (src/services/auth-forms.ts provides them);
 * navigation and the login hand-over are emitted events.
 */

const notProvided = actorNotProvided('authForms')

export const authFormsMachine = setup({
  types: {
    context: {} as AuthFormsContext,
    events: {} as AuthFormsEvent,
    input: {} as AuthFormsInput,
    emitted: {} as AuthFormsEmitted,
  },
  actors: {
    login: fromPromise<Session, LoginBody>(notProvided('login')),
    register: fromPromise<Session, RegisterBody>(notProvided('register')),
    verifyEmail: fromPromise<unknown, VerifyEmailBody>(notProvided('verifyEmail')),
    resendCode: fromPromise<unknown, EmailOnlyBody>(notProvided('resendCode')),
    forgotPassword: fromPromise<unknown, EmailOnlyBody>(notProvided('forgotPassword')),
    resetPassword: fromPromise<unknown, ResetPasswordBody>(notProvided('resetPassword')),
    /** The sign-up form against the contract's schema. */
    checkSignUp: fromPromise<Checked<RegisterBody>, RegisterBody>(notProvided('checkSignUp')),
    /** The reset step against the contract's schema. */
    checkReset: fromPromise<Checked<ResetPasswordBody>, ResetPasswordBody>(notProvided('checkReset')),
  },
  guards: {
    emailVerified: (_, session: Session) => session.user.email_verified,
    hasResetEmail: ({ context }) => Boolean(context.resetEmail),
    checkPassed: (_, checked: Checked<unknown>) => checked.ok,
  },
  actions: {
    assignSearch: assign((_, search: AuthSearch) => ({ search })),
    assignPendingEmail: assign((_, email: string | null) => ({ pendingEmail: email })),
    assignResetEmail: assign(({ context }) => ({ resetEmail: context.pendingEmail })),
    clearResetEmail: assign({ resetEmail: null, resetErrors: {} }),
    setNotice: assign((_, notice: AuthNotice | null) => ({ notice })),
    assignSignUpErrors: assign((_, errors: FieldErrors) => ({ signUpErrors: errors })),
    assignResetErrors: assign((_, errors: FieldErrors) => ({ resetErrors: errors })),
    assignCheckedSignUp: assign((_, body: RegisterBody) => ({ checkedSignUp: body, signUpErrors: {} })),
    assignCheckedReset: assign((_, body: ResetPasswordBody) => ({ checkedReset: body, resetErrors: {} })),
    clearChecked: assign({ checkedSignUp: null, checkedReset: null }),
    emitNavigate: emit((_, params: { href: string }) => ({ type: 'navigate' as const, href: params.href })),
    emitLoggedIn: emit(({ context }, session: Session) => ({
      type: 'loggedIn' as const,
      session,
      redirect: safeRedirect(context.search.redirect),
    })),
  },
}).createMachine({
  id: 'authForms',
  context: ({ input }) => ({
    search: input.search,
    pendingEmail: null,
    resetEmail: null,
    notice: null,
    signUpErrors: {},
    resetErrors: {},
    checkedSignUp: null,
    checkedReset: null,
  }),
  on: {
    SEARCH: { actions: { type: 'assignSearch', params: ({ event }) => event.search } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        LOGIN: 'loggingIn',
        REGISTER: 'checkingSignUp',
        VERIFY_EMAIL: 'verifying',
        RESEND_CODE: 'resendingCode',
        FORGOT_PASSWORD: 'requestingReset',
        RESET_PASSWORD: { guard: 'hasResetEmail', target: 'checkingReset' },
        BACK: { actions: 'clearResetEmail' },
      },
    },
    loggingIn: {
      entry: { type: 'setNotice', params: null },
      invoke: {
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'LOGIN')
          return { email: event.email, password: event.password }
        },
        onDone: [
          {
            guard: { type: 'emailVerified', params: ({ event }) => event.output },
            target: 'loggedIn',
            actions: { type: 'emitLoggedIn', params: ({ event }) => event.output },
          },
          // Email not verified yet: send a code and go verify it.
          { target: 'sendingCode', actions: { type: 'assignPendingEmail', params: ({ event }) => event.output.user.email } },
        ],
        onError: 'idle',
      },
    },
    // The session has the login; the page is on its way to the app.
    loggedIn: { type: 'final' },
    sendingCode: {
      invoke: {
        src: 'resendCode',
        input: ({ context }) => ({ email: context.pendingEmail ?? '' }),
        onDone: {
          target: 'idle',
          actions: { type: 'emitNavigate', params: ({ context }) => ({ href: verifyEmailHref(context.pendingEmail ?? '') }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'emitNavigate', params: ({ context }) => ({ href: verifyEmailHref(context.pendingEmail ?? '') }) },
        },
      },
    },
    checkingSignUp: {
      entry: { type: 'setNotice', params: null },
      invoke: {
        src: 'checkSignUp',
        input: ({ event }) => {
          assertEvent(event, 'REGISTER')
          return { name: event.name, email: event.email, password: event.password }
        },
        onDone: [
          {
            guard: { type: 'checkPassed', params: ({ event }) => event.output },
            target: 'registering',
            actions: {
              type: 'assignCheckedSignUp',
              params: ({ event }) => (event.output.ok ? event.output.data : { name: '', email: '', password: '' }),
            },
          },
          { target: 'idle', actions: { type: 'assignSignUpErrors', params: ({ event }) => (event.output.ok ? {} : event.output.errors) } },
        ],
        onError: 'idle',
      },
    },
    registering: {
      invoke: {
        src: 'register',
        input: ({ context }) => context.checkedSignUp ?? { name: '', email: '', password: '' },
        // The server sends the verification code with the sign-up.
        onDone: {
          target: 'idle',
          actions: [
            'clearChecked',
            { type: 'assignPendingEmail', params: ({ event }) => event.output.user.email },
            { type: 'emitNavigate', params: ({ event }) => ({ href: verifyEmailHref(event.output.user.email) }) },
          ],
        },
        onError: { target: 'idle', actions: 'clearChecked' },
      },
    },
    verifying: {
      entry: [
        { type: 'setNotice', params: null },
        { type: 'assignPendingEmail', params: ({ event }) => (event.type === 'VERIFY_EMAIL' ? event.email : null) },
      ],
      invoke: {
        src: 'verifyEmail',
        input: ({ event }) => {
          assertEvent(event, 'VERIFY_EMAIL')
          return { email: event.email, code: event.code }
        },
        onDone: {
          target: 'idle',
          actions: { type: 'emitNavigate', params: ({ context }) => ({ href: verifiedLoginHref(context.pendingEmail ?? '') }) },
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
      entry: { type: 'assignPendingEmail', params: ({ event }) => (event.type === 'FORGOT_PASSWORD' ? event.email : null) },
      invoke: {
        src: 'forgotPassword',
        input: ({ event }) => {
          assertEvent(event, 'FORGOT_PASSWORD')
          return { email: event.email }
        },
        onDone: { target: 'idle', actions: 'assignResetEmail' },
        onError: 'idle',
      },
    },
    checkingReset: {
      invoke: {
        src: 'checkReset',
        input: ({ context, event }) => {
          assertEvent(event, 'RESET_PASSWORD')
          return { email: context.resetEmail ?? '', code: event.code, password: event.password }
        },
        onDone: [
          {
            guard: { type: 'checkPassed', params: ({ event }) => event.output },
            target: 'resettingPassword',
            actions: {
              type: 'assignCheckedReset',
              params: ({ event }) => (event.output.ok ? event.output.data : { email: '', code: '', password: '' }),
            },
          },
          { target: 'idle', actions: { type: 'assignResetErrors', params: ({ event }) => (event.output.ok ? {} : event.output.errors) } },
        ],
        onError: 'idle',
      },
    },
    resettingPassword: {
      invoke: {
        src: 'resetPassword',
        input: ({ context }) => context.checkedReset ?? { email: '', code: '', password: '' },
        onDone: {
          target: 'idle',
          actions: [
            'clearChecked',
            { type: 'emitNavigate', params: ({ context }) => ({ href: resetLoginHref(context.resetEmail ?? '') }) },
            'clearResetEmail',
          ],
        },
        onError: { target: 'idle', actions: 'clearChecked' },
      },
    },
  },
})

export type AuthFormsMachine = typeof authFormsMachine
export type AuthFormsActor = ActorRefFrom<AuthFormsMachine>
export type AuthFormsSnapshot = SnapshotFrom<AuthFormsMachine>

/** What the statechart visualiser starts the machine with. */
export const authFormsSampleInput: AuthFormsInput = { search: {} }
