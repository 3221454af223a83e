import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { LoginProps } from '../../machines/auth-forms'
import { Notice, SubmitButton, TextField } from '../text-field'

export type LoginFormProps = LoginProps

export function LoginForm({ submitting, defaultEmail = '', notice, onSubmit }: LoginFormProps) {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState(defaultEmail)
  const [password, setPassword] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit({ email: email.trim(), password })
  }
  return (
    <form onSubmit={submit} className="space-y-5" noValidate={false}>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          <Trans>Log in to Workroom</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>Welcome back. Pick up where your team left off.</Trans>
        </p>
      </div>
      {notice ? <Notice tone="success">{i18n._(notice)}</Notice> : null}
      <TextField
        label={t`Email`}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label={t`Password`}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="flex justify-end text-sm">
        <Link to="/forgot-password" className="font-medium text-indigo-600 hover:text-indigo-500">
          <Trans>Forgot your password?</Trans>
        </Link>
      </div>
      <SubmitButton busy={submitting}>
        <Trans>Log in</Trans>
      </SubmitButton>
      <p className="text-center text-sm text-slate-600">
        <Trans>
          New to Workroom?{' '}
          <Link to="/sign-up" className="font-semibold text-indigo-600 hover:text-indigo-500">
            Create an account
          </Link>
        </Trans>
      </p>
    </form>
  )
}
