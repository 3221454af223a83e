import { Trans } from '@lingui/react/macro'
import type { CallSummary } from '../../../contract/call'
import { Icon } from '../icons'

/** m:ss, or h:mm:ss from an hour. */
export function callDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = String(seconds % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** A call's summary message in the chat: missed, declined, cancelled, or how long it lasted. */
export function CallSummaryLine({ summary }: { summary: CallSummary }) {
  const duration = summary.duration_s === null ? null : callDuration(summary.duration_s)
  return (
    <p className="flex items-center gap-2">
      <Icon
        name={summary.is_video ? 'video' : 'phone'}
        className={`h-4 w-4 shrink-0 ${summary.status === 'missed' ? 'text-rose-600' : ''}`}
      />
      <span>
        {summary.status === 'missed' ? (
          <Trans>Missed call</Trans>
        ) : summary.status === 'declined' ? (
          <Trans>Call declined</Trans>
        ) : summary.status === 'cancelled' ? (
          <Trans>Call cancelled</Trans>
        ) : summary.is_video ? (
          duration === null ? (
            <Trans>Video call</Trans>
          ) : (
            <Trans>Video call, {duration}</Trans>
          )
        ) : duration === null ? (
          <Trans>Voice call</Trans>
        ) : (
          <Trans>Voice call, {duration}</Trans>
        )}
      </span>
    </p>
  )
}
