import { useLingui } from '@lingui/react/macro'
import type { PresenceState } from '../../../contract/presence'

export interface PresenceDotProps {
  state: PresenceState
  /** Do not disturb: its own indicator, whatever the state. */
  dnd: boolean
}

const COLORS: Record<PresenceState | 'dnd', string> = {
  online: 'bg-emerald-600',
  away: 'bg-amber-500',
  offline: 'bg-white ring-slate-500 ring-inset',
  dnd: 'bg-rose-600',
}

/** The words of a presence dot: "online", "away", "offline" or "do not disturb". */
export function usePresenceLabel() {
  const { t } = useLingui()
  return ({ state, dnd }: PresenceDotProps) =>
    dnd ? t`do not disturb` : state === 'online' ? t`online` : state === 'away' ? t`away` : t`offline`
}

/** A dot at the avatar's lower right: green online, amber away, hollow offline, red with a bar for do not disturb. */
export function PresenceDot(props: PresenceDotProps) {
  const label = usePresenceLabel()(props)
  const kind = props.dnd ? 'dnd' : props.state
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={`absolute -bottom-0.5 -right-0.5 inline-flex h-3.5 w-3.5 items-center justify-center rounded-full border-2 border-white ring-2 ${COLORS[kind]}`}
    >
      {props.dnd ? <span aria-hidden="true" className="h-0.5 w-2 rounded bg-white" /> : null}
    </span>
  )
}
