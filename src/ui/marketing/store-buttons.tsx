import { Trans } from '@lingui/react/macro'
import { COMPANY } from './company'

function AppleGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6 shrink-0" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.4 12.7c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.8-3.5.8-.7 0-1.9-.8-3.1-.8-1.6 0-3 .9-3.9 2.3-1.7 2.9-.4 7.2 1.2 9.6.8 1.2 1.7 2.4 3 2.4 1.2 0 1.6-.8 3.1-.8s1.8.8 3.1.8c1.3 0 2.1-1.2 2.9-2.3.9-1.3 1.3-2.6 1.3-2.7 0 0-2.6-1-2.7-4zM14.1 5.9c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4z"
      />
    </svg>
  )
}

function PlayGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6 shrink-0" aria-hidden="true" focusable="false">
      <path fill="#34d399" d="M4 2.5l10.6 9.5L4 21.5c-.4-.2-.6-.6-.6-1.1V3.6c0-.5.2-.9.6-1.1z" />
      <path fill="#60a5fa" d="M14.6 12l3-2.7 3.3 1.9c.9.5.9 1.1 0 1.6l-3.3 1.9-3-2.7z" />
      <path fill="#fbbf24" d="M4 2.5c.3-.2.8-.2 1.3.1l12.3 6.7-3 2.7L4 2.5z" />
      <path fill="#f87171" d="M4 21.5l10.6-9.5 3 2.7-12.3 6.7c-.5.3-1 .3-1.3.1z" />
    </svg>
  )
}

const badge =
  'inline-flex min-h-12 items-center gap-3 rounded-xl bg-slate-900 px-4 py-2 text-left text-white shadow-sm ring-1 ring-white/10 transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500'

export function AppStoreButton({ className = '' }: { className?: string }) {
  return (
    <a href={COMPANY.appStoreUrl} target="_blank" rel="noopener noreferrer" className={`${badge} ${className}`}>
      <AppleGlyph />
      <span className="flex flex-col leading-tight">
        <span className="text-[11px] opacity-80">
          <Trans>Download on the</Trans>
        </span>{' '}
        <span className="text-base font-semibold">App Store</span>
      </span>
    </a>
  )
}

export function GooglePlayButton({ className = '' }: { className?: string }) {
  return (
    <a href={COMPANY.googlePlayUrl} target="_blank" rel="noopener noreferrer" className={`${badge} ${className}`}>
      <PlayGlyph />
      <span className="flex flex-col leading-tight">
        <span className="text-[11px] uppercase opacity-80">
          <Trans>Get it on</Trans>
        </span>{' '}
        <span className="text-base font-semibold">Google Play</span>
      </span>
    </a>
  )
}

/** Both store badges side by side (wrapping on narrow screens). */
export function StoreButtons({ className = '' }: { className?: string }) {
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      <AppStoreButton />
      <GooglePlayButton />
    </div>
  )
}
