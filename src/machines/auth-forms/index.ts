export { authFormsMachine, type AuthFormsActor, type AuthFormsMachine, type AuthFormsSnapshot } from './auth-forms.machine'
export type {
  AuthFormsContext,
  AuthFormsEmitted,
  AuthFormsEvent,
  AuthFormsInput,
  AuthNotice,
  AuthSearch,
  Checked,
  FieldErrors,
} from './auth-forms.types'
export { safeRedirect } from './auth-forms.rules'
export {
  connect,
  type AuthFormsProps,
  type ForgotPasswordProps,
  type LoginProps,
  type SignUpProps,
  type VerifyEmailProps,
} from './auth-forms.connect'
