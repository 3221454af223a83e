import { lazy, Suspense, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { COMPANY } from '../marketing/company'
import { StoreButtons } from '../marketing/store-buttons'

/**
 * The tenant-branded landing shown beside the sign-in form: an innovation hub,
 * a study guide, a 'move' slogan variant and a startup booster with a financial planner.
 * Heavier parts (the QR code, the planner) load lazily so the /login entry stays small.
 */
export type TenantLandingVariant = 'hub' | 'study' | 'move' | 'booster'

const QrCode = lazy(() => import('./qr-code'))
const FinancialPlanner = lazy(() => import('./financial-planner'))

const THEME: Record<TenantLandingVariant, { panel: string; accent: string; chip: string }> = {
  hub: { panel: 'bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-600', accent: 'text-indigo-100', chip: 'bg-white/15' },
  study: { panel: 'bg-gradient-to-br from-emerald-800 via-teal-700 to-cyan-800', accent: 'text-emerald-50', chip: 'bg-white/15' },
  move: { panel: 'bg-gradient-to-br from-rose-700 via-red-600 to-orange-700', accent: 'text-orange-50', chip: 'bg-white/20' },
  booster: { panel: 'bg-gradient-to-br from-slate-900 via-slate-800 to-indigo-900', accent: 'text-slate-300', chip: 'bg-white/10' },
}

function Highlights({ items }: { items: ReactNode[] }) {
  return (
    <ul className="mt-6 space-y-3">
      {items.map((item, i) => (
        <li key={i} className="flex items-start gap-3 text-sm sm:text-base">
          <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" focusable="false">
            <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.25" />
            <path d="M6 10l3 3 5-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

function VariantArt({ variant }: { variant: TenantLandingVariant }) {
  return (
    <svg viewBox="0 0 120 120" className="h-20 w-20 shrink-0 sm:h-24 sm:w-24" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="#fff" opacity="0.12" />
      {variant === 'hub' ? (
        <g fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M60 24a22 22 0 0113 40v10H47V64a22 22 0 0113-40z" />
          <path d="M50 86h20M53 96h14" />
        </g>
      ) : variant === 'study' ? (
        <g fill="none" stroke="#fff" strokeWidth="5" strokeLinejoin="round">
          <path d="M24 34c12-5 24-5 36 3 12-8 24-8 36-3v52c-12-5-24-5-36 3-12-8-24-8-36-3z" />
          <path d="M60 37v52" />
        </g>
      ) : variant === 'move' ? (
        <g fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M22 60h60M66 42l18 18-18 18" />
          <path d="M30 40h20M30 80h20" opacity="0.6" />
        </g>
      ) : (
        <g fill="none" stroke="#fbbf24" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M24 92h72" stroke="#fff" opacity="0.6" />
          <path d="M28 80l20-22 14 12 28-34" />
          <path d="M74 36h16v16" />
        </g>
      )}
    </svg>
  )
}

function QrPlaceholder() {
  return <span className="block h-28 w-28 animate-pulse rounded-lg bg-white/70" aria-hidden="true" />
}

function MobileLogin({ variant }: { variant: TenantLandingVariant }) {
  const { t } = useLingui()
  const downloadUrl = typeof window === 'undefined' ? '/download-app' : `${window.location.origin}/download-app`
  return (
    <section aria-labelledby={`landing-mobile-${variant}`} className="mt-8 rounded-2xl bg-white/10 p-5 ring-1 ring-white/20">
      <h3 id={`landing-mobile-${variant}`} className="text-base font-semibold">
        <Trans>Log in on your phone</Trans>
      </h3>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="self-start rounded-xl bg-white p-2 shadow-md">
          <Suspense fallback={<QrPlaceholder />}>
            <QrCode value={downloadUrl} label={t`QR code linking to the Workroom app download page`} className="block h-28 w-28" />
          </Suspense>
        </div>
        <div className="space-y-3">
          <p className="text-sm">
            <Trans>Scan the code with your phone's camera, or get the app from your store, then sign in with the same account.</Trans>
          </p>
          <StoreButtons />
        </div>
      </div>
    </section>
  )
}

function Stats() {
  const stats = [
    { value: '1000+', label: <Trans>startup entrepreneurs</Trans> },
    { value: '100+', label: <Trans>business consultants</Trans> },
    { value: '10,000,000+', label: <Trans>dollars raised</Trans> },
  ]
  return (
    <dl className="mt-6 grid grid-cols-3 gap-2 sm:gap-4">
      {stats.map((s) => (
        <div key={s.value} className="flex flex-col rounded-xl bg-white/10 p-2 text-center ring-1 ring-white/15 sm:p-3">
          <dt className="order-2 text-[11px] leading-tight text-slate-300 sm:text-xs">{s.label}</dt>
          <dd className="text-sm font-bold text-amber-300 sm:text-2xl">{s.value}</dd>
        </div>
      ))}
    </dl>
  )
}

function BlogTeasers() {
  const posts = [
    {
      title: <Trans>How to write a one-page business plan investors will read</Trans>,
      excerpt: <Trans>Problem, customer, numbers, ask: the four blocks every early pitch needs.</Trans>,
    },
    {
      title: <Trans>Pricing your first product without guessing</Trans>,
      excerpt: <Trans>Start from what it costs you to win one customer, then test three price points.</Trans>,
    },
    {
      title: <Trans>Seed funding in Vietnam: what changed this year</Trans>,
      excerpt: <Trans>Where local angels and funds are investing, and what they ask founders first.</Trans>,
    },
  ]
  return (
    <section aria-labelledby="booster-blog" className="mt-8">
      <h3 id="booster-blog" className="text-base font-semibold">
        <Trans>From the Booster blog</Trans>
      </h3>
      <ul className="mt-3 grid gap-3 md:grid-cols-3">
        {posts.map((post, i) => (
          <li key={i}>
            <a
              href={COMPANY.blogUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="block h-full rounded-xl bg-white/10 p-4 ring-1 ring-white/15 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-amber-300"
            >
              <span className="block text-sm font-semibold">{post.title}</span>
              <span className="mt-1 block text-xs text-slate-300">{post.excerpt}</span>
              <span className="sr-only">
                {' '}
                <Trans>(opens in a new tab)</Trans>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function TenantLanding({ variant = 'hub' }: { variant?: TenantLandingVariant }) {
  const theme = THEME[variant]
  const headingId = `tenant-landing-${variant}`

  const content: Record<TenantLandingVariant, { brand: ReactNode; title: ReactNode; lead: ReactNode; highlights: ReactNode[] }> = {
    hub: {
      brand: <Trans>Workroom Innovation Hub</Trans>,
      title: <Trans>Where ideas grow into companies</Trans>,
      lead: (
        <Trans>
          Training programmes, mentors and startup support in one place. Sign in to join your cohort's channel, book a mentor and follow
          every workshop.
        </Trans>
      ),
      highlights: [
        <Trans key="a">Weekly workshops, pitch practice and demo days</Trans>,
        <Trans key="b">Book office hours with mentors and investors</Trans>,
        <Trans key="c">Share templates and resources with your cohort</Trans>,
      ],
    },
    study: {
      brand: <Trans>Workroom Study Guide</Trans>,
      title: <Trans>Study smarter, together</Trans>,
      lead: (
        <Trans>
          Your classes, homework and teachers in one place. Sign in to see today's lessons, ask questions in your class topic and never miss
          a deadline.
        </Trans>
      ),
      highlights: [
        <Trans key="a">A topic for every class, with files and announcements</Trans>,
        <Trans key="b">Homework reminders before each deadline</Trans>,
        <Trans key="c">Book your teacher's office hours in two taps</Trans>,
      ],
    },
    move: {
      brand: <Trans>Workroom on the move</Trans>,
      title: <Trans>Move fast. Move together.</Trans>,
      lead: <Trans>Chat, calls and plans that go wherever your team goes, from the office to the warehouse to the road.</Trans>,
      highlights: [
        <Trans key="a">Calls and meetings from your phone</Trans>,
        <Trans key="b">Reminders and to-dos that follow you</Trans>,
        <Trans key="c">Every photo and file lands in the right topic</Trans>,
      ],
    },
    booster: {
      brand: <Trans>Workroom Startup Booster</Trans>,
      title: <Trans>From business plan to funding</Trans>,
      lead: <Trans>Plan your numbers, learn from founders who did it before you and meet consultants who can help you raise.</Trans>,
      highlights: [],
    },
  }
  const c = content[variant]

  return (
    <section
      aria-labelledby={headingId}
      data-variant={variant}
      className={`flex h-full min-h-full flex-col overflow-y-auto px-5 py-8 text-white sm:px-8 lg:px-12 lg:py-12 ${theme.panel}`}
    >
      <div className="mx-auto w-full max-w-2xl">
        <div className="flex items-center gap-5">
          <VariantArt variant={variant} />
          <div>
            <p className={`inline-block rounded-full px-3 py-1 text-xs font-semibold uppercase tracking-wide ${theme.chip}`}>{c.brand}</p>
            <h2 id={headingId} className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">
              {c.title}
            </h2>
          </div>
        </div>
        <p className={`mt-5 text-base leading-7 ${theme.accent}`}>{c.lead}</p>

        {variant === 'booster' ? (
          <>
            <Stats />
            <div className="mt-8">
              <Suspense fallback={<div className="h-40 animate-pulse rounded-2xl bg-white/10" aria-hidden="true" />}>
                <FinancialPlanner />
              </Suspense>
            </div>
            <BlogTeasers />
          </>
        ) : (
          <Highlights items={c.highlights} />
        )}

        <MobileLogin variant={variant} />
      </div>
    </section>
  )
}
