import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ChannelSwitcherConnect } from '../../machines/account-channels'
import { Button } from '../button'
import { useRoleLabel } from '../roles'
import { LoadFailed } from '../load-failed'

export interface ChannelSwitcherProps extends ChannelSwitcherConnect {
  /** The user's current channel. */
  currentId: string | null
}

/** The account drawer's channels: the user's channels with their role, the current one marked, switch and create. */
export function ChannelSwitcher({ channels, failed, currentId, switching, onSwitch, onRetry, onCreate }: ChannelSwitcherProps) {
  const { t } = useLingui()
  const roleLabel = useRoleLabel()
  return (
    <section aria-labelledby="channels-heading">
      <div className="flex items-center justify-between">
        <h3 id="channels-heading" className="text-xs font-medium uppercase tracking-wide text-slate-500">
          <Trans>Your channels</Trans>
        </h3>
        <button
          type="button"
          onClick={onCreate}
          disabled={channels === null}
          aria-haspopup="dialog"
          className="rounded px-2 py-1 text-xs font-semibold text-indigo-600 hover:bg-indigo-50 disabled:opacity-50"
        >
          <Trans>Create channel</Trans>
        </button>
      </div>
      {failed ? (
        <LoadFailed onRetry={onRetry} className="mt-1">
          <Trans>Could not load your channels.</Trans>
        </LoadFailed>
      ) : channels === null ? (
        <p role="status" className="mt-1 text-sm text-slate-500">
          <Trans>Loading channels…</Trans>
        </p>
      ) : channels.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">
          <Trans>You are not in any channel yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Your channels`} className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200">
          {channels.map((channel) => {
            const current = channel._id === currentId
            return (
              <li
                key={channel._id}
                aria-label={channel.name}
                aria-current={current || undefined}
                className="flex items-center justify-between gap-2 px-3 py-2"
              >
                <span className="min-w-0">
                  <Link
                    to="/channel/$channelId"
                    params={{ channelId: channel._id }}
                    className="block truncate text-sm font-medium text-slate-900 hover:underline"
                  >
                    {channel.name}
                  </Link>
                  <span className="text-xs text-slate-500">{roleLabel(channel.role)}</span>
                </span>
                {current ? (
                  <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                    <Trans>Current</Trans>
                  </span>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onSwitch(channel._id)}
                    disabled={switching !== null}
                    aria-busy={switching === channel._id || undefined}
                    className="shrink-0"
                  >
                    <Trans>Switch</Trans>
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
