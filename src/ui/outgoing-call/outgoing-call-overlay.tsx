import { Trans, useLingui } from '@lingui/react/macro'
import type { OutgoingCallProps } from '../../machines/outgoing-call'
import { CallCard } from '../call-overlay/call-card'
import { ToneAudio } from '../call-overlay/tone-audio'

/** The outgoing call overlay with cancel; the waiting tone plays while it rings. */
export function OutgoingCallOverlay({
  open,
  phase,
  calleeName,
  calleePhotoUrl,
  calleeInitials,
  isVideo,
  waitingTone,
  canCancel,
  onCancel,
}: OutgoingCallProps) {
  const { t } = useLingui()
  if (!open) return null
  return (
    <CallCard
      label={t`Calling ${calleeName}`}
      name={calleeName}
      photoUrl={calleePhotoUrl}
      initials={calleeInitials}
      kind={isVideo ? <Trans>Video call</Trans> : <Trans>Voice call</Trans>}
      status={
        phase === 'ringing' ? (
          <Trans>Ringing…</Trans>
        ) : phase === 'cancelling' ? (
          <Trans>Cancelling the call…</Trans>
        ) : (
          <Trans>No answer</Trans>
        )
      }
    >
      <ToneAudio kind="waiting" {...waitingTone} />
      <button
        type="button"
        onClick={onCancel}
        disabled={!canCancel}
        className="inline-flex h-14 min-w-14 items-center justify-center gap-2 rounded-full bg-rose-600 px-5 font-semibold text-white hover:bg-rose-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
      >
        <Trans>Cancel</Trans>
      </button>
    </CallCard>
  )
}
