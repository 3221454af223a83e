import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { VerifyEmailProps } from '../../machines/auth-forms'
import { Notice, SubmitButton, TextField } from '../text-field'

export type VerifyEmailFormProps = VerifyEmailProps

export function VerifyEmailForm({ email, verifying, resending, notice, onVerify, onResend }: VerifyEmailFormProps) {
  const { t, i18n } = useLingui()
  const [typedEmail, setTypedEmail] = useState('')
  const [code, setCode] = useState('')
  const target = (email ?? typedEmail).trim()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onVerify({ email: target, code: code.trim() })
  }
  return (
    <form onSubmit={submit} className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          <Trans>Verify your email</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {email ? (
            <Trans>
              We sent a 6-digit code to <strong className="font-semibold text-slate-900">{email}</strong>. Enter it below.
            </Trans>
          ) : (
            <Trans>Enter your email and the 6-digit code we sent to it.</Trans>
          )}
        </p>
      </div>
      {notice ? <Notice>{i18n._(notice)}</Notice> : null}
      {email ? null : (
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={typedEmail}
          onChange={(e) => setTypedEmail(e.target.value)}
        />
      )}
      <TextField
        label={t`Code`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        className="[&_input]:tracking-[0.4em]"
      />
      <SubmitButton busy={verifying}>
        <Trans>Verify</Trans>
      </SubmitButton>
      <div className="flex items-center justify-between text-sm">
        <button
          type="button"
          disabled={resending || !target}
          onClick={() => onResend(target)}
          className="font-medium text-indigo-600 hover:text-indigo-500 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <Trans>Send a new code</Trans>
        </button>
        <Link to="/login" className="text-slate-600 hover:text-slate-900">
          <Trans>Back to log in</Trans>
        </Link>
      </div>
    </form>
  )
}
