import { Trans } from '@lingui/react/macro'
import type { OfflineNoticeProps } from '../machines/connectivity'

/** Offline: 'You are currently offline' with a Refresh button. */
export function OfflineNotice({ visible, onRefresh }: OfflineNoticeProps) {
  if (!visible) return null
  return (
    <div
      role="alert"
      className="fixed inset-x-0 bottom-0 z-[60] flex flex-wrap items-center justify-center gap-3 bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <span>
        <Trans>You are currently offline</Trans>
      </span>
      <button
        type="button"
        onClick={onRefresh}
        className="rounded-md bg-white px-3 py-1 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-white"
      >
        <Trans>Refresh</Trans>
      </button>
    </div>
  )
}
