import { useEffect, type ReactNode } from 'react'
import { Icon, type IconName } from './icons'

/** Sets the tab title while a marketing page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title
    document.title = `${title} · Workroom`
    return () => {
      document.title = previous
    }
  }, [title])
}

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  art,
}: {
  eyebrow?: ReactNode
  title: ReactNode
  lead?: ReactNode
  children?: ReactNode
  art?: ReactNode
}) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
      <div className={`mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 md:py-20 lg:px-8 ${art ? 'lg:grid-cols-2' : ''}`}>
        <div className="max-w-3xl">
          {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">{eyebrow}</p> : null}
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl md:text-5xl">{title}</h1>
          {lead ? <p className="mt-5 text-lg leading-8 text-slate-600">{lead}</p> : null}
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        {art ? <div className="mx-auto w-full max-w-xl">{art}</div> : null}
      </div>
    </section>
  )
}

export function Section({
  id,
  title,
  lead,
  children,
  tone = 'white',
}: {
  id: string
  title: ReactNode
  lead?: ReactNode
  children: ReactNode
  tone?: 'white' | 'slate'
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={tone === 'slate' ? 'bg-slate-50' : 'bg-white'}>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20 lg:px-8">
        <div className="max-w-3xl">
          <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
          {lead ? <p className="mt-4 text-base leading-7 text-slate-600 sm:text-lg">{lead}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  )
}

export function FeatureCard({ icon, title, children }: { icon: IconName; title: ReactNode; children: ReactNode }) {
  return (
    <div className="w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
        <Icon name={icon} />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 text-sm leading-6 text-slate-600">{children}</p>
    </div>
  )
}

export function CheckList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="space-y-3">
      {items.map((item, i) => (
        <li key={i} className="flex gap-3 text-sm leading-6 text-slate-700">
          <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

export function CtaBanner({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="cta-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-indigo-600 px-6 py-12 text-center shadow-lg sm:px-12">
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {title}
          </h2>
          {lead ? <p className="mx-auto mt-4 max-w-2xl text-indigo-100">{lead}</p> : null}
          <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
        </div>
      </div>
    </section>
  )
}

export const buttonPrimary =
  'inline-flex items-center justify-center rounded-lg bg-indigo-600 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
export const buttonSecondary =
  'inline-flex items-center justify-center rounded-lg bg-white px-5 py-3 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
export const buttonOnDark =
  'inline-flex items-center justify-center rounded-lg bg-white px-5 py-3 text-sm font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white'

/** A long legal-style document: a table of contents and numbered sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
  tocLabel,
}: {
  title: ReactNode
  updated: ReactNode
  intro: ReactNode
  tocLabel: string
  sections: Array<{ id: string; title: ReactNode; body: ReactNode }>
}) {
  return (
    <article className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-slate-500">{updated}</p>
        <div className="mt-6 text-base leading-7 text-slate-700">{intro}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={tocLabel} className="lg:sticky lg:top-24 lg:self-start">
          <ol className="space-y-2 border-l border-slate-200 pl-4 text-sm">
            {sections.map((section, i) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-600 hover:text-indigo-700">
                  {i + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
                {i + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 text-base leading-7 text-slate-700 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  )
}
