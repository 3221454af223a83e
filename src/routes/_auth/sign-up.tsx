import { createFileRoute } from '@tanstack/react-router'
import { useAuthForms } from '../../services/auth-forms'
import { SignUpForm } from '../../ui/auth/sign-up-form'

export const Route = createFileRoute('/_auth/sign-up')({
  staticData: { authLayout: 'tenant' },
  component: SignUpPage,
})

function SignUpPage() {
  const forms = useAuthForms({})
  return <SignUpForm {...forms.signUp} />
}
