import { useSyncExternalStore } from 'react'
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react'
import { useLingui as useMacroLingui } from '@lingui/react/macro'
import type { ToastText } from '../services/error-catalogue'
import { dismissToast, getToasts, subscribeToasts, type ToastTone } from '../services/toast'

const TONES: Record<ToastTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-slate-200 bg-white text-slate-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
}

/** Renders a toast text: a server message as is, a catalog message translated. */
export function useToastText() {
  const { i18n } = useLingui()
  return (text: ToastText) => (typeof text === 'string' ? text : i18n._(text))
}

/** The toasts on screen, in an aria-live region (errors of the HTTP catalogue and notices). */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  const render = useToastText()
  const { t } = useMacroLingui()
  return (
    <div
      role="region"
      aria-label={t`Alerts`}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-16 z-[70] flex flex-col items-center gap-2 px-3 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:items-end"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${TONES[toast.tone]}`}
        >
          <p className="flex-1 whitespace-pre-line">
            {render(toast.text)}
            {toast.link ? (
              <>
                {' '}
                <Link to={toast.link.to} className="font-semibold underline" onClick={() => dismissToast(toast.id)}>
                  {render(toast.link.label)}
                </Link>
              </>
            ) : null}
          </p>
          {toast.action ? (
            <button
              type="button"
              onClick={() => {
                dismissToast(toast.id)
                toast.action?.run()
              }}
              className="-my-1 rounded px-2 py-1 font-semibold underline hover:bg-black/5 focus-visible:outline-2"
            >
              {render(toast.action.label)}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2"
            aria-label={t`Dismiss`}
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  )
}
