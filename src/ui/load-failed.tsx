import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/** What a list says when it could not be loaded: the message and a Retry button, as one alert. */
export function LoadFailed({ children, onRetry, className = '' }: { children: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={`flex items-center justify-between gap-3 text-sm text-red-700 ${className}`}>
      {children}
      <button
        type="button"
        onClick={onRetry}
        className="shrink-0 rounded-md border border-red-200 px-3 py-1 text-xs font-medium hover:bg-red-50"
      >
        <Trans>Retry</Trans>
      </button>
    </div>
  )
}
