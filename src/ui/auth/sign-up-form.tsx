import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { LIMITS } from '../../../contract/limits'
import type { SignUpProps } from '../../machines/auth-forms'
import { SubmitButton, TextField } from '../text-field'

const PASSWORD_MIN = LIMITS.passwordMin

export type SignUpFormProps = SignUpProps
type SignUpValues = Parameters<SignUpProps['onSubmit']>[0]

export function SignUpForm({ submitting, errors, onSubmit }: SignUpFormProps) {
  const { t } = useLingui()
  const [values, setValues] = useState<SignUpValues>({ name: '', email: '', password: '' })
  const set = (field: keyof SignUpValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(values)
  }
  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          <Trans>Create your account</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>Chat, plan and meet with your team in one place.</Trans>
        </p>
      </div>
      <TextField label={t`Name`} name="name" autoComplete="name" value={values.name} onChange={set('name')} errors={errors.name} />
      <TextField
        label={t`Email`}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        errors={errors.email}
      />
      <TextField
        label={t`Password`}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        errors={errors.password}
        hint={<Trans>At least {PASSWORD_MIN} characters; not a common password.</Trans>}
      />
      <SubmitButton busy={submitting}>
        <Trans>Sign up</Trans>
      </SubmitButton>
      <p className="text-center text-sm text-slate-600">
        <Trans>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-indigo-600 hover:text-indigo-500">
            Log in instead
          </Link>
        </Trans>
      </p>
    </form>
  )
}
