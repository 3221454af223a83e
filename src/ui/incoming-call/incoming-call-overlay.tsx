import { Trans, useLingui } from '@lingui/react/macro'
import type { IncomingCallProps } from '../../machines/incoming-call'
import { CallCard } from '../call-overlay/call-card'
import { ToneAudio } from '../call-overlay/tone-audio'

/** The incoming call overlay with answer and decline; the ringtone while it rings. */
export function IncomingCallOverlay({
  open,
  phase,
  callerName,
  callerPhotoUrl,
  callerInitials,
  groupName,
  isVideo,
  ringtone,
  canRespond,
  onAnswer,
  onDecline,
}: IncomingCallProps) {
  const { t } = useLingui()
  if (!open) return null
  return (
    <CallCard
      label={t`Incoming call from ${callerName}`}
      name={callerName}
      photoUrl={callerPhotoUrl}
      initials={callerInitials}
      kind={
        groupName ? (
          isVideo ? (
            <Trans>Video call in {groupName}</Trans>
          ) : (
            <Trans>Voice call in {groupName}</Trans>
          )
        ) : isVideo ? (
          <Trans>Video call</Trans>
        ) : (
          <Trans>Voice call</Trans>
        )
      }
      status={
        phase === 'ringing' ? (
          <Trans>is calling you…</Trans>
        ) : phase === 'answering' ? (
          <Trans>Connecting…</Trans>
        ) : (
          <Trans>Declining…</Trans>
        )
      }
    >
      <ToneAudio kind="ringtone" {...ringtone} />
      <button
        type="button"
        onClick={onDecline}
        disabled={!canRespond}
        className="inline-flex h-14 min-w-14 items-center justify-center rounded-full bg-rose-600 px-5 font-semibold text-white hover:bg-rose-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
      >
        <Trans>Decline</Trans>
      </button>
      <button
        type="button"
        onClick={onAnswer}
        disabled={!canRespond}
        className="inline-flex h-14 min-w-14 items-center justify-center rounded-full bg-emerald-600 px-5 font-semibold text-white hover:bg-emerald-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
      >
        <Trans>Answer</Trans>
      </button>
    </CallCard>
  )
}
