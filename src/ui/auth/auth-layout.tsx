import { lazy, Suspense, type ReactNode } from 'react'
import type { TenantLandingVariant } from '../landing/tenant-landing'
import { requireCatalogParts } from '../../services/i18n'
import { LogoLink } from '../logo'
import { AuthIllustration } from './auth-illustration'
import { ErrorNotification } from './error-notification'

export type AuthLayoutVariant = 'plain' | TenantLandingVariant

// Only tenant-branded sign-ins load the landing (the plain variant is the lighter default).
const TenantLanding = lazy(async () => {
  const [landing] = await Promise.all([import('../landing/tenant-landing'), requireCatalogParts(['landing'])])
  return { default: landing.TenantLanding }
})

export interface AuthLayoutProps {
  /** A tenant's landing beside the form, or the plain variant (logo and side illustration). */
  variant: AuthLayoutVariant
  /** The flattened global errorMessage state, shown as an error notification. */
  errorMessages: readonly string[]
  onDismissErrors: () => void
  languageSelector: ReactNode
  /** The visitor started to use the form (focus or pointer): a chance to warm up what it needs. */
  onInteract?: () => void
  children: ReactNode
}

/** The auth pages' layout. The form column comes first for keyboard and screen-reader users. */
export function AuthLayout({ variant, errorMessages, onDismissErrors, languageSelector, onInteract, children }: AuthLayoutProps) {
  const form = (
    <div className="flex min-h-full flex-col px-4 py-6 sm:px-8">
      <header className="flex items-center justify-between gap-4">
        <LogoLink />
        {languageSelector}
      </header>
      <main className="flex flex-1 items-center justify-center py-8" onFocus={onInteract} onPointerDown={onInteract}>
        <div className="w-full max-w-sm">
          <ErrorNotification messages={errorMessages} onDismiss={onDismissErrors} />
          {children}
        </div>
      </main>
    </div>
  )

  if (variant === 'plain') {
    return (
      <div className="grid min-h-screen bg-white lg:grid-cols-2">
        {form}
        <aside className="hidden items-center justify-center bg-indigo-50/60 p-10 lg:flex">
          <AuthIllustration className="h-auto w-full max-w-lg" />
        </aside>
      </div>
    )
  }

  return (
    <div className="grid min-h-screen bg-white lg:grid-cols-2">
      <div className="lg:order-2">{form}</div>
      <aside className="min-h-64 bg-slate-100 lg:order-1">
        <Suspense fallback={null}>
          <TenantLanding variant={variant} />
        </Suspense>
      </aside>
    </div>
  )
}
