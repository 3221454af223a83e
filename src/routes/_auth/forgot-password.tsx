import { useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { forgotPasswordView } from '../../machines/session/session.view'
import { currentLanguage } from '../../services/i18n'
import { sendSession, useSession } from '../../services/session'
import { validatePasswordReset, type FieldErrors } from '../../services/validation'
import { ForgotPasswordForm } from '../../ui/auth/forgot-password-form'

export const Route = createFileRoute('/_auth/forgot-password')({
  staticData: { authLayout: 'plain' },
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const view = useSession(forgotPasswordView)
  const [errors, setErrors] = useState<FieldErrors>({})
  return (
    <ForgotPasswordForm
      {...view}
      errors={errors}
      onRequestCode={(email) => sendSession({ type: 'FORGOT_PASSWORD', email })}
      onReset={(values) => {
        const checked = validatePasswordReset({ email: view.email ?? '', ...values }, currentLanguage())
        setErrors(checked.ok ? {} : checked.errors)
        if (checked.ok) sendSession({ type: 'RESET_PASSWORD', code: checked.data.code, password: checked.data.password })
      }}
      onBack={() => {
        setErrors({})
        sendSession({ type: 'BACK' })
      }}
    />
  )
}
