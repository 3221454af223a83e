import { useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { signUpView } from '../../machines/session/session.view'
import { currentLanguage } from '../../services/i18n'
import { sendSession, useSession } from '../../services/session'
import { validateRegistration, type FieldErrors } from '../../services/validation'
import { SignUpForm } from '../../ui/auth/sign-up-form'

export const Route = createFileRoute('/_auth/sign-up')({
  staticData: { authLayout: 'tenant' },
  component: SignUpPage,
})

function SignUpPage() {
  const view = useSession(signUpView)
  const [errors, setErrors] = useState<FieldErrors>({})
  return (
    <SignUpForm
      {...view}
      errors={errors}
      onSubmit={(values) => {
        const checked = validateRegistration(values, currentLanguage())
        setErrors(checked.ok ? {} : checked.errors)
        if (checked.ok) sendSession({ type: 'REGISTER', ...checked.data })
      }}
    />
  )
}
