import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SavedMarksProps } from '../../machines/saved-marks'

/** Above the composer: what the last Save or Remove from saved did, with the way to the saved messages. */
export function SavedNote({ done, error, onDismiss }: Pick<SavedMarksProps, 'done' | 'error' | 'onDismiss'>) {
  const { t } = useLingui()
  if (!done && !error) return null
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={`mx-3 mb-2 flex items-center gap-3 rounded-md px-3 py-2 text-sm ring-1 ring-inset ${error ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-indigo-50 text-indigo-900 ring-indigo-200'}`}
    >
      <span className="flex-1">{error ?? (done === 'saved' ? <Trans>Message saved.</Trans> : <Trans>Removed from saved.</Trans>)}</span>
      {done === 'saved' ? (
        <Link to="/chat/saved" className="font-semibold underline">
          <Trans>View saved</Trans>
        </Link>
      ) : null}
      <button type="button" onClick={onDismiss} aria-label={t`Dismiss`} className="rounded px-1 font-semibold hover:bg-white/60">
        ×
      </button>
    </div>
  )
}
