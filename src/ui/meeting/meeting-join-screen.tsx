import { Trans, useLingui } from '@lingui/react/macro'
import { codeGroups } from '../../machines/meeting-room'
import type { MeetingJoinProps } from '../../machines/meeting-join'
import { Alert } from '../alert'
import { Button } from '../button'
import { Logo } from '../marketing/logo'
import { TextField } from '../text-field'

/** A meeting's join screen: its name and code, the joiner's name, and the password of a private meeting. */
export function MeetingJoinScreen({
  phase,
  roomName,
  code,
  name,
  password,
  isPrivate,
  locked,
  canJoin,
  busy,
  error,
  onChange,
  onJoin,
  onRetry,
}: MeetingJoinProps) {
  const { t } = useLingui()
  return (
    <main className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-8 text-slate-800">
      <a href="/" aria-label={t`Workroom home`} className="mb-8 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-500">
        <Logo />
      </a>
      <section aria-labelledby="meeting-join-title" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 id="meeting-join-title" className="text-xl font-semibold text-slate-900">
          {roomName ? <Trans>Join “{roomName}”</Trans> : <Trans>Join a meeting</Trans>}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>Meeting code</Trans> <span className="font-mono font-semibold tracking-wider">{codeGroups(code)}</span>
        </p>
        {phase === 'loading' ? (
          <p role="status" className="mt-6 text-sm text-slate-600">
            <Trans>Looking for the meeting…</Trans>
          </p>
        ) : phase === 'missing' ? (
          <div className="mt-6 space-y-4">
            <Alert>{error ?? <Trans>Code is incorrect</Trans>}</Alert>
            <Button variant="secondary" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <form
            className="mt-6 space-y-4"
            onSubmit={(event) => {
              event.preventDefault()
              if (canJoin) onJoin()
            }}
          >
            {error ? <Alert>{error}</Alert> : null}
            {locked && !error ? (
              <Alert tone="info">
                <Trans>The host has locked this meeting: nobody else can join now.</Trans>
              </Alert>
            ) : null}
            <TextField
              label={t`Your name`}
              value={name}
              onChange={(event) => onChange('name', event.target.value)}
              disabled={busy}
              autoComplete="name"
              maxLength={100}
            />
            {isPrivate ? (
              <TextField
                label={t`Meeting password`}
                type="password"
                value={password}
                onChange={(event) => onChange('password', event.target.value)}
                disabled={busy}
                autoComplete="off"
                hint={t`This meeting is private: ask the host for its password.`}
              />
            ) : null}
            <Button type="submit" disabled={!canJoin} aria-busy={busy || undefined} className="w-full">
              <Trans>Join the meeting</Trans>
            </Button>
          </form>
        )}
      </section>
    </main>
  )
}
