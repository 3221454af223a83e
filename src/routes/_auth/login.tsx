import { createFileRoute } from '@tanstack/react-router'
import type { AuthSearch } from '../../machines/auth-forms'
import { useAuthForms } from '../../services/auth-forms'
import { LoginForm } from '../../ui/auth/login-form'

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined)
const flag = (value: unknown) => (value === 1 || value === '1' || value === true ? true : undefined)

export const Route = createFileRoute('/_auth/login')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
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
  const forms = useAuthForms(search)
  return <LoginForm key={search.email ?? ''} {...forms.login} />
}
