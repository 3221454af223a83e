import { Trans } from '@lingui/react/macro'
import type { CustomStatus, Presence } from '../../../contract/presence'
import { timeAgo } from '../../services/time-ago'

/** A 1:1 chat's line under the name: "Active now", "Away", "Last seen 5 minutes ago" (or "Offline" when never seen), and do not disturb. */
export function PresenceLine({ presence, now = new Date() }: { presence: Presence; now?: Date }) {
  const words =
    presence.state === 'online' ? (
      <Trans>Active now</Trans>
    ) : presence.state === 'away' ? (
      <Trans>Away</Trans>
    ) : presence.last_seen_at ? (
      <Trans>Last seen {timeAgo(presence.last_seen_at, now)}</Trans>
    ) : (
      <Trans>Offline</Trans>
    )
  return (
    <span className="block truncate text-xs text-slate-600">
      {words}
      {presence.dnd ? (
        <>
          {' · '}
          <Trans>Do not disturb</Trans>
        </>
      ) : null}
    </span>
  )
}

/** A custom status beside a name: its emoji and words ("🌴 On holiday"). */
export function StatusBadge({ status, className = '' }: { status: CustomStatus | null; className?: string }) {
  if (!status) return null
  return (
    <span className={`inline-flex min-w-0 items-center gap-1 text-xs text-slate-700 ${className}`} data-testid="custom-status">
      <span className="sr-only">
        <Trans>Status:</Trans>
      </span>
      <span>{status.emoji}</span>
      <span className="truncate">{status.text}</span>
    </span>
  )
}
