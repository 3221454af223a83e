import { DialogTitle } from '@headlessui/react'
import { ModalFrame } from '../modal-frame'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MeetingFormProps } from '../../machines/meeting-form'
import { Alert } from '../alert'
import { Button } from '../button'
import { Icon } from '../icons'
import { TextField } from '../text-field'

/** The meeting-now dialog: start an instant meeting or join one by code. */
export function MeetingDialog({
  open,
  roomName,
  name,
  password,
  code,
  isPrivate,
  canStart,
  canJoin,
  busy,
  error,
  onChange,
  onStart,
  onJoin,
  onClose,
}: MeetingFormProps) {
  const { t } = useLingui()
  return (
    <ModalFrame open={open} onClose={() => (busy ? undefined : onClose())} size="md">
      <div className="flex items-center justify-between">
        <DialogTitle className="text-lg font-semibold text-slate-900">
          <Trans>Meeting now</Trans>
        </DialogTitle>
        <button
          type="button"
          onClick={onClose}
          disabled={busy !== null}
          aria-label={t`Close`}
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 disabled:opacity-50"
        >
          <Icon name="close" />
        </button>
      </div>
      {error ? (
        <Alert className="mt-3">
          {error === 'code' ? <Trans>Code is incorrect</Trans> : <Trans>Could not start the meeting. Please try again.</Trans>}
        </Alert>
      ) : null}
      <form
        className="mt-4 space-y-3"
        onSubmit={(event) => {
          event.preventDefault()
          if (canStart) onStart()
        }}
      >
        <TextField
          label={t`Meeting name`}
          value={roomName}
          onChange={(event) => onChange('roomName', event.target.value)}
          disabled={busy !== null}
          autoComplete="off"
        />
        <TextField
          label={t`Your name`}
          value={name}
          onChange={(event) => onChange('name', event.target.value)}
          disabled={busy !== null}
          autoComplete="name"
        />
        <TextField
          label={t`Password (optional)`}
          type="password"
          value={password}
          onChange={(event) => onChange('password', event.target.value)}
          disabled={busy !== null}
          autoComplete="new-password"
          hint={isPrivate ? t`Private room: people need the password to join.` : t`With a password the room is private.`}
        />
        <Button type="submit" disabled={!canStart} aria-busy={busy === 'creating' || undefined} className="w-full">
          <Trans>Get started</Trans>
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <p className="text-sm font-medium text-slate-700">
          <Trans>Or join a meeting with its code</Trans>
        </p>
        <div className="mt-2 flex items-end gap-2">
          <TextField
            className="flex-1"
            label={t`Meeting code`}
            value={code}
            onChange={(event) => onChange('code', event.target.value)}
            disabled={busy !== null}
            autoComplete="off"
          />
          <Button variant="secondary" onClick={onJoin} disabled={!canJoin} aria-busy={busy === 'joining' || undefined}>
            <Trans>Join</Trans>
          </Button>
        </div>
      </div>
    </ModalFrame>
  )
}
