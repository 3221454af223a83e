import { createFileRoute } from '@tanstack/react-router'
import type { AuthSearch } from '../../machines/auth-forms'
import { useAuthForms } from '../../services/auth-forms'
import { VerifyEmailForm } from '../../ui/auth/verify-email-form'

export const Route = createFileRoute('/_auth/verify-email')({
  validateSearch: (search: Record<string, unknown>): Pick<AuthSearch, 'email'> =>
    typeof search.email === 'string' && search.email ? { email: search.email } : {},
  staticData: { authLayout: 'plain' },
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const forms = useAuthForms(Route.useSearch())
  return <VerifyEmailForm {...forms.verifyEmail} />
}
