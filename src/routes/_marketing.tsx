import { lazy, Suspense, useState } from 'react'
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { requireCatalogParts } from '../services/i18n'
import { useMobileNav } from '../services/mobile-nav'
import { chooseLanguage, useIsLoggedIn } from '../services/session'
import { LanguageSelector } from '../ui/language-selector'
import { MarketingFooter } from '../ui/marketing/marketing-footer'
import { MarketingHeader } from '../ui/marketing/marketing-header'

/** Pathless layout for logged-out visitors' pages: header, main content, footer. */
export const Route = createFileRoute('/_marketing')({ component: MarketingLayout })

// The meeting dialog's code and its messages' catalog part load when it first opens.
const MeetingNow = lazy(async () => (await Promise.all([import('./-meeting-now'), requireCatalogParts(['pages'])]))[0])

function MarketingLayout() {
  const isLoggedIn = useIsLoggedIn()
  const nav = useMobileNav()
  // Whether the meeting-now dialog shows (its own machine runs while it does).
  const [meeting, setMeeting] = useState(false)
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-800">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        <Trans>Skip to content</Trans>
      </a>
      <MarketingHeader
        isLoggedIn={isLoggedIn}
        nav={nav}
        languageSelector={<LanguageSelector onChoose={chooseLanguage} />}
        onOpenMeeting={() => setMeeting(true)}
      />
      {meeting ? (
        <Suspense fallback={null}>
          <MeetingNow name="" onClosed={() => setMeeting(false)} />
        </Suspense>
      ) : null}
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <MarketingFooter />
    </div>
  )
}
