import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'

/** The Workroom mark (the favicon's W in an indigo tile). */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M7 10l3 12 3-8 3 8 3-8 3 8 3-12" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  )
}

/** The auth layout's logo: 38 px high, linking to /. */
export function LogoLink() {
  const { t } = useLingui()
  return (
    <Link
      to="/"
      aria-label={t`Workroom home`}
      className="inline-flex h-[38px] items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <LogoMark className="h-[38px] w-[38px]" />
      <span className="text-xl font-bold tracking-tight text-slate-900">Workroom</span>
    </Link>
  )
}
