import { useId, type ReactNode } from 'react'

/**
 * One section of the settings page (/setting): a heading, what it is about, and its controls.
 * Every section of the page is its own component built on this one (language, sounds, privacy,
 * sessions, and the notification sections others add).
 */
export function SettingsSection({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  )
}
