import type { EmailOnlyBody, LoginBody, RegisterBody, ResetPasswordBody, Session, VerifyEmailBody } from '../../../contract/auth'

/** What the auth pages read from their URL. */
export interface AuthSearch {
  /** /login and /verify-email: the email to fill in or the code went to. */
  email?: string
  /** /login after a verification. */
  verified?: boolean
  /** /login after a password reset. */
  reset?: boolean
  /** /login: where to go once logged in. */
  redirect?: string
}

export type AuthNotice = 'codeSent'

/** Client-side validation messages per field (the contract's messages). */
export type FieldErrors = Record<string, string[]>

/** A client-side check of a form: the parsed body, or the messages per field. */
export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors }

export interface AuthFormsContext {
  search: AuthSearch
  /** Email an unverified login sent a code to, or the one being verified. */
  pendingEmail: string | null
  /** Forgot password: the email the reset code went to (the page then shows the code step). */
  resetEmail: string | null
  notice: AuthNotice | null
  signUpErrors: FieldErrors
  resetErrors: FieldErrors
  /** The sign-up body once checked, while it is sent. */
  checkedSignUp: RegisterBody | null
  /** The reset body once checked, while it is sent. */
  checkedReset: ResetPasswordBody | null
}

export interface AuthFormsInput {
  search: AuthSearch
}

export type AuthFormsEvent =
  | ({ type: 'LOGIN' } & LoginBody)
  | ({ type: 'REGISTER' } & RegisterBody)
  | ({ type: 'VERIFY_EMAIL' } & VerifyEmailBody)
  | ({ type: 'RESEND_CODE' } & EmailOnlyBody)
  | ({ type: 'FORGOT_PASSWORD' } & EmailOnlyBody)
  | ({ type: 'RESET_PASSWORD' } & Pick<ResetPasswordBody, 'code' | 'password'>)
  /** Forgot password: back from the code step to the email step. */
  | { type: 'BACK' }
  /** The page's URL changed. */
  | { type: 'SEARCH'; search: AuthSearch }

export type AuthFormsEmitted =
  | { type: 'navigate'; href: string }
  /** A verified account logged in: the session takes over (and goes to `redirect`, else /home). */
  | { type: 'loggedIn'; session: Session; redirect: string | null }
