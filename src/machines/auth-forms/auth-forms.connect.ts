import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { LoginBody, RegisterBody, ResetPasswordBody, VerifyEmailBody } from '../../../contract/auth'
import type { AuthFormsSnapshot } from './auth-forms.machine'
import type { AuthFormsEvent, AuthSearch } from './auth-forms.types'

type Send = (event: AuthFormsEvent) => void
type Errors<K extends string> = Partial<Record<K, readonly string[]>>

const CODE_SENT = msg`A new code has been sent to your email`

/** The notice /login shows after a verification or a password reset (from its URL). */
function loginNotice(search: AuthSearch): MessageDescriptor | null {
  if (search.verified) return msg`Your email is verified, please log in`
  if (search.reset) return msg`Your password has been changed, please log in`
  return null
}

export interface LoginProps {
  submitting: boolean
  defaultEmail: string | undefined
  /** e.g. 'Your email is verified, please log in'. */
  notice: MessageDescriptor | null
  onSubmit: (values: LoginBody) => void
}

export interface SignUpProps {
  submitting: boolean
  /** Client-side validation messages per field (the contract's messages). */
  errors: Errors<keyof RegisterBody>
  onSubmit: (values: RegisterBody) => void
}

export interface VerifyEmailProps {
  /** Where the code went (from the URL); asked for when unknown. */
  email: string | null
  verifying: boolean
  resending: boolean
  notice: MessageDescriptor | null
  onVerify: (values: VerifyEmailBody) => void
  onResend: (email: string) => void
}

export interface ForgotPasswordProps {
  /** 'email': ask where to send the code; 'reset': the code and the new password. */
  step: 'email' | 'reset'
  email: string | null
  submitting: boolean
  /** Client-side validation messages of the reset step. */
  errors: Errors<'code' | 'password'>
  onRequestCode: (email: string) => void
  onReset: (values: Pick<ResetPasswordBody, 'code' | 'password'>) => void
  onBack: () => void
}

/** One group per page: each auth route spreads its own. */
export interface AuthFormsProps {
  login: LoginProps
  signUp: SignUpProps
  verifyEmail: VerifyEmailProps
  forgotPassword: ForgotPasswordProps
}

export function connect(snapshot: AuthFormsSnapshot, send: Send): AuthFormsProps {
  const { search, resetEmail, notice, signUpErrors, resetErrors } = snapshot.context
  const at = (...states: Parameters<AuthFormsSnapshot['matches']>[0][]) => states.some((state) => snapshot.matches(state))
  return {
    login: {
      submitting: at('loggingIn', 'sendingCode', 'loggedIn'),
      defaultEmail: search.email,
      notice: loginNotice(search),
      onSubmit: (values) => send({ type: 'LOGIN', ...values }),
    },
    signUp: {
      submitting: at('checkingSignUp', 'registering'),
      errors: signUpErrors,
      onSubmit: (values) => send({ type: 'REGISTER', ...values }),
    },
    verifyEmail: {
      email: search.email ?? null,
      verifying: at('verifying'),
      resending: at('resendingCode'),
      notice: notice === 'codeSent' ? CODE_SENT : null,
      onVerify: (values) => send({ type: 'VERIFY_EMAIL', ...values }),
      onResend: (email) => send({ type: 'RESEND_CODE', email }),
    },
    forgotPassword: {
      step: resetEmail ? 'reset' : 'email',
      email: resetEmail,
      submitting: at('requestingReset', 'checkingReset', 'resettingPassword'),
      errors: resetErrors,
      onRequestCode: (email) => send({ type: 'FORGOT_PASSWORD', email }),
      onReset: (values) => send({ type: 'RESET_PASSWORD', ...values }),
      onBack: () => send({ type: 'BACK' }),
    },
  }
}
