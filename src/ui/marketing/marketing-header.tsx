import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MobileNavBinding } from '../../services/mobile-nav'
import { MobileMenuButton, MobileNavDrawer } from '../mobile-nav/mobile-nav'
import { COMPANY } from './company'
import { Logo } from './logo'
import { MARKETING_NAV } from './nav-items'

export interface MarketingHeaderProps {
  /** Logged-in visitors get 'Open app' instead of Sign up / Log in. */
  isLoggedIn: boolean
  /** The app shell's language selector, rendered in the bar and in the drawer. */
  languageSelector?: ReactNode
  /** The layout's mobile nav (useMobileNav): the 'Menu' button and the drawer below 1024px. */
  nav: MobileNavBinding
  /** Meeting now: the dialog that starts an instant meeting or joins one by code (guests too). */
  onOpenMeeting: () => void
}

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-[current=page]:text-indigo-700'
const primaryButton =
  'inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
const secondaryButton =
  'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

function ExternalIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" aria-hidden="true" focusable="false">
      <path
        d="M11 3h6v6M17 3l-8 8M8 5H4v11h11v-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

function BlogLink({ className }: { className: string }) {
  return (
    <a href={COMPANY.blogUrl} target="_blank" rel="noopener noreferrer" className={`${className} inline-flex items-center gap-1`}>
      <Trans>Blog</Trans>
      <ExternalIcon />
      <span className="sr-only">
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  )
}

function AccountLinks({ isLoggedIn, stacked = false }: { isLoggedIn: boolean; stacked?: boolean }) {
  const wrap = stacked ? 'flex flex-col gap-3' : 'flex items-center gap-2'
  if (isLoggedIn) {
    return (
      <div className={wrap}>
        <Link to="/home" className={primaryButton}>
          <Trans>Open app</Trans>
        </Link>
      </div>
    )
  }
  return (
    <div className={wrap}>
      <Link to="/login" className={secondaryButton}>
        <Trans>Log in</Trans>
      </Link>
      <Link to="/sign-up" className={primaryButton}>
        <Trans>Sign up</Trans>
      </Link>
    </div>
  )
}

function MeetingNowButton({ onOpen, className }: { onOpen: () => void; className: string }) {
  return (
    <button type="button" onClick={onOpen} aria-haspopup="dialog" className={className}>
      <Trans>Meeting now</Trans>
    </button>
  )
}

/** Marketing header: full bar from 1024px, a 'Menu' button opening the drawer below that. */
export function MarketingHeader({ isLoggedIn, languageSelector, nav, onOpenMeeting }: MarketingHeaderProps) {
  const { t } = useLingui()
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
          <Link
            to="/"
            aria-label={t`Workroom home`}
            className="shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <Logo />
          </Link>

          <nav aria-label={t`Main`} className="ml-4 hidden items-center gap-1 lg:flex">
            {MARKETING_NAV.map((item) => (
              <Link key={item.to} to={item.to} className={navLink}>
                {t(item.label)}
              </Link>
            ))}
            <BlogLink className={navLink} />
          </nav>

          <div className="ml-auto flex items-center gap-3">
            {languageSelector ? <div className="hidden lg:block">{languageSelector}</div> : null}
            <MeetingNowButton onOpen={onOpenMeeting} className={`${secondaryButton} whitespace-nowrap`} />
            <div className="hidden md:block">
              <AccountLinks isLoggedIn={isLoggedIn} />
            </div>
            <MobileMenuButton nav={nav} placement="marketing" />
          </div>
        </div>
      </header>

      {/* Mobile drawer: outside the header, whose backdrop-filter would trap fixed positioning. */}
      <MobileNavDrawer nav={nav} placement="marketing">
        <nav aria-label={t`Mobile`} className="flex flex-col gap-1 p-4">
          {MARKETING_NAV.map((item) => (
            <Link key={item.to} to={item.to} className={`${navLink} text-base`}>
              {t(item.label)}
            </Link>
          ))}
          <BlogLink className={`${navLink} text-base`} />
        </nav>
        <div className="mt-auto flex flex-col gap-4 border-t border-slate-200 p-4">
          {languageSelector}
          <MeetingNowButton onOpen={nav.closeFor(onOpenMeeting)} className={secondaryButton} />
          <AccountLinks isLoggedIn={isLoggedIn} stacked />
        </div>
      </MobileNavDrawer>
    </>
  )
}
