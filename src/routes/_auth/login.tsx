import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { loginNotice, loginView } from '../../machines/session/session.view'
import { sendSession, useSession } from '../../services/session'
import { LoginForm } from '../../ui/auth/login-form'

export interface LoginSearch {
  email?: string
  verified?: boolean
  reset?: boolean
  redirect?: string
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined)
const flag = (value: unknown) => (value === 1 || value === '1' || value === true ? true : undefined)

export const Route = createFileRoute('/_auth/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    email: text(search.email),
    verified: flag(search.verified),
    reset: flag(search.reset),
    redirect: text(search.redirect),
  }),
  staticData: { authLayout: 'tenant' },
  component: LoginPage,
})

function LoginPage() {
  const search = Route.useSearch()
  const view = useSession(loginView)
  const { i18n } = useLingui()
  const notice = loginNotice(search)
  return (
    <LoginForm
      key={search.email ?? ''}
      {...view}
      defaultEmail={search.email}
      notice={notice ? i18n._(notice) : undefined}
      onSubmit={(values) => sendSession({ type: 'LOGIN', ...values, redirect: search.redirect })}
    />
  )
}
