import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { verifyEmailView } from '../../machines/session/session.view'
import { sendSession, useSession } from '../../services/session'
import { VerifyEmailForm } from '../../ui/auth/verify-email-form'

export const Route = createFileRoute('/_auth/verify-email')({
  validateSearch: (search: Record<string, unknown>): { email?: string } => (typeof search.email === 'string' && search.email ? { email: search.email } : {}),
  staticData: { authLayout: 'plain' },
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const { email } = Route.useSearch()
  const view = useSession(verifyEmailView)
  const { i18n } = useLingui()
  return (
    <VerifyEmailForm
      email={email ?? null}
      verifying={view.verifying}
      resending={view.resending}
      notice={view.notice ? i18n._(view.notice) : null}
      onVerify={(values) => sendSession({ type: 'VERIFY_EMAIL', ...values })}
      onResend={(to) => sendSession({ type: 'RESEND_CODE', email: to })}
    />
  )
}
