import type { ReactNode } from 'react'

export interface EmptyStateProps {
  title: ReactNode
  description?: ReactNode
  /** A link or button that moves the user on. */
  action?: ReactNode
  icon?: ReactNode
}

/** The generic empty state of a list or page with nothing to show. */
export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <div className="mb-4 text-slate-300" aria-hidden="true">
        {icon ?? (
          <svg viewBox="0 0 64 64" className="h-16 w-16">
            <rect x="8" y="14" width="48" height="38" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
            <path d="M8 26h48M20 36h24M24 43h16" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        )}
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-2 text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </section>
  )
}
