import { Trans, useLingui } from '@lingui/react/macro'
import dayjs from 'dayjs'
import type { ActiveSession, LoginEntry, SessionsProps } from '../../machines/sessions'
import { Alert } from '../alert'
import { Button } from '../button'
import { LoadFailed } from '../load-failed'
import { Page } from '../app/page'

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm')

/** "Firefox 128 on Linux": what the server made of the browser's User-Agent. */
function DeviceName({ device }: { device: ActiveSession['device'] }) {
  const { t } = useLingui()
  const browser = device.browser ?? t`Unknown browser`
  return <>{device.os ? t`${browser} on ${device.os}` : browser}</>
}

function kindOf(type: string | null, t: ReturnType<typeof useLingui>['t']) {
  if (type === 'mobile') return t`Phone`
  if (type === 'tablet') return t`Tablet`
  if (type === 'desktop') return t`Computer`
  return t`Device`
}

/** /log: the user's open sessions (sign out any other one, or all of them) and their recent logins. */
export function SessionsPageView({
  status,
  rows,
  history,
  canSignOutOthers,
  busy,
  error,
  onRetry,
  onSignOut,
  onSignOutOthers,
}: SessionsProps) {
  const { t } = useLingui()
  return (
    <Page title={<Trans>Sessions and login history</Trans>}>
      {error ? <Alert className="mb-3">{error}</Alert> : null}
      {status === 'loading' ? (
        <p role="status" className="text-sm text-slate-500">
          <Trans>Loading sessions…</Trans>
        </p>
      ) : status === 'failed' ? (
        <LoadFailed onRetry={onRetry}>
          <Trans>Could not load your sessions.</Trans>
        </LoadFailed>
      ) : (
        <>
          <section aria-labelledby="sessions-heading">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
                <Trans>Where you are logged in</Trans>
              </h2>
              {canSignOutOthers ? (
                <Button variant="danger" size="sm" onClick={onSignOutOthers} disabled={busy}>
                  <Trans>Sign out all other sessions</Trans>
                </Button>
              ) : null}
            </div>
            <ul aria-label={t`Active sessions`} className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200">
              {rows.map(({ session, busy: ending }) => (
                <SessionItem key={session._id} session={session} disabled={busy} busy={ending} onSignOut={() => onSignOut(session._id)} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="history-heading" className="mt-8">
            <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
              <Trans>Login history</Trans>
            </h2>
            {history.length === 0 ? (
              <p className="mt-2 text-sm text-slate-500">
                <Trans>No logins recorded yet.</Trans>
              </p>
            ) : (
              <ul aria-label={t`Login history`} className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200">
                {history.map((entry) => (
                  <LoginItem key={entry._id} entry={entry} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Page>
  )
}

function SessionItem({
  session,
  disabled,
  busy,
  onSignOut,
}: {
  session: ActiveSession
  disabled: boolean
  busy: boolean
  onSignOut: () => void
}) {
  const { t } = useLingui()
  const place = session.ip ?? t`unknown address`
  const name = session.device.browser ?? t`Unknown browser`
  return (
    <li aria-label={session.current ? t`This browser` : t`Session on ${name}`} className="flex flex-wrap items-center gap-3 px-3 py-3">
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-slate-900">
          {kindOf(session.device.type, t)} · <DeviceName device={session.device} />
          {session.current ? (
            <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-700">
              <Trans>This browser</Trans>
            </span>
          ) : null}
        </span>
        <span className="block text-xs text-slate-500">
          <Trans>
            From {place} · last active <time dateTime={session.last_seen_at}>{when(session.last_seen_at)}</time> · logged in{' '}
            <time dateTime={session.created_at}>{when(session.created_at)}</time>
          </Trans>
        </span>
      </span>
      {session.current ? null : (
        <Button variant="secondary" size="sm" onClick={onSignOut} disabled={disabled} aria-busy={busy || undefined}>
          {t`Sign out ${name}`}
        </Button>
      )}
    </li>
  )
}

function LoginItem({ entry }: { entry: LoginEntry }) {
  const { t } = useLingui()
  const place = entry.ip ?? t`unknown address`
  return (
    <li className="px-3 py-2 text-sm text-slate-700">
      <time dateTime={entry.created_at}>{when(entry.created_at)}</time> · <DeviceName device={entry.device} /> · {place}
    </li>
  )
}
