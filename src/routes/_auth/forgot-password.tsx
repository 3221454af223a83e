import { createFileRoute } from '@tanstack/react-router'
import { useAuthForms } from '../../services/auth-forms'
import { ForgotPasswordForm } from '../../ui/auth/forgot-password-form'

export const Route = createFileRoute('/_auth/forgot-password')({
  staticData: { authLayout: 'plain' },
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const forms = useAuthForms({})
  return <ForgotPasswordForm {...forms.forgotPassword} />
}
