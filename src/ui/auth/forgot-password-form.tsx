import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { LIMITS } from '../../../contract/limits'
import type { ForgotPasswordProps } from '../../machines/auth-forms'
import { SubmitButton, TextField } from '../text-field'

const PASSWORD_MIN = LIMITS.passwordMin

export type ForgotPasswordFormProps = ForgotPasswordProps

/** Forgot password, then (in the same page, as text) the code and the new password. */
export function ForgotPasswordForm({ step, email, submitting, errors, onRequestCode, onReset, onBack }: ForgotPasswordFormProps) {
  const { t } = useLingui()
  const [typedEmail, setTypedEmail] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')

  if (step === 'email') {
    const submit = (event: FormEvent) => {
      event.preventDefault()
      onRequestCode(typedEmail.trim())
    }
    return (
      <form onSubmit={submit} className="space-y-5">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            <Trans>Forgot your password?</Trans>
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            <Trans>Enter the email of your account. We will send you a code to choose a new password.</Trans>
          </p>
        </div>
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={typedEmail}
          onChange={(e) => setTypedEmail(e.target.value)}
        />
        <SubmitButton busy={submitting}>
          <Trans>Send code</Trans>
        </SubmitButton>
        <p className="text-center text-sm">
          <Link to="/login" className="text-slate-600 hover:text-slate-900">
            <Trans>Back to log in</Trans>
          </Link>
        </p>
      </form>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onReset({ code: code.trim(), password })
  }
  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          <Trans>Reset your password</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>
            If an account exists for <strong className="font-semibold text-slate-900">{email}</strong>, we sent it a 6-digit code. Enter the
            code and your new password.
          </Trans>
        </p>
      </div>
      <TextField
        label={t`Code`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        errors={errors.code}
      />
      <TextField
        label={t`New password`}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        errors={errors.password}
        hint={<Trans>At least {PASSWORD_MIN} characters; not a common password.</Trans>}
      />
      <SubmitButton busy={submitting}>
        <Trans>Reset password</Trans>
      </SubmitButton>
      <p className="text-center text-sm">
        <button type="button" onClick={onBack} className="font-medium text-indigo-600 hover:text-indigo-500">
          <Trans>Use another email</Trans>
        </button>
      </p>
    </form>
  )
}
