import type { ReactNode } from 'react'

export type AlertTone = 'error' | 'warning' | 'info'

const tones: Record<AlertTone, string> = {
  error: 'bg-red-50 text-red-700 ring-red-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  info: 'bg-slate-50 text-slate-700 ring-slate-200',
}

/**
 * The app's one alert box: role="alert" for errors and warnings (read out at once), role="status"
 * for information.
 */
export function Alert({ tone = 'error', children, className = '' }: { tone?: AlertTone; children: ReactNode; className?: string }) {
  return (
    <div
      role={tone === 'info' ? 'status' : 'alert'}
      className={`rounded-md px-3 py-2 text-sm ring-1 ring-inset ${tones[tone]} ${className}`.trim()}
    >
      {children}
    </div>
  )
}
