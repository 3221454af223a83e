import { createFileRoute, Outlet, redirect, useLocation, useMatches } from '@tanstack/react-router'
import { useErrorNotification } from '../services/error-message'
import { chooseLanguage, preloadSession } from '../services/session'
import { AuthLayout, type AuthLayoutVariant } from '../ui/auth/auth-layout'
import { LanguageSelector } from '../ui/language-selector'

const TENANTS = ['hub', 'study', 'move', 'booster'] as const
type Tenant = (typeof TENANTS)[number]
const isTenant = (value: unknown): value is Tenant => TENANTS.includes(value as Tenant)

/** The deployment's tenant (VITE_TENANT_LANDING at build time); none: the plain variant. */
const DEPLOYMENT_TENANT: unknown = import.meta.env.VITE_TENANT_LANDING

/**
 * /login and /sign-up show the tenant's landing beside the form: the tenant of a branded link
 * (`?landing=hub|study|move|booster`), else the deployment's, else the plain variant (logo and
 * side illustration). /verify-email and /forgot-password always use the plain variant.
 */
function layoutVariant(layout: 'tenant' | 'plain' | undefined, landing: unknown): AuthLayoutVariant {
  if (layout === 'plain' || landing === 'plain') return 'plain'
  if (isTenant(landing)) return landing
  return isTenant(DEPLOYMENT_TENANT) ? DEPLOYMENT_TENANT : 'plain'
}

/** Pathless auth layout: logged-in users go to /home. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context }) => {
    if (await context.session.loggedIn()) throw redirect({ to: '/home' })
  },
  component: AuthRoute,
})

function AuthRoute() {
  const layout = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.authLayout })
  const landing = useLocation({ select: (location) => (location.search as Record<string, unknown>).landing })
  const page = useLocation({ select: (location) => location.pathname })
  const errors = useErrorNotification(page)
  return (
    <AuthLayout
      variant={layoutVariant(layout, landing)}
      errorMessages={errors.messages}
      onDismissErrors={errors.dismiss}
      languageSelector={<LanguageSelector onChoose={chooseLanguage} />}
      onInteract={preloadSession}
    >
      <Outlet />
    </AuthLayout>
  )
}
