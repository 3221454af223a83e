import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ActiveSession, LoginEntry, SessionsProps } from '../../machines/sessions'
import { formatDateTime } from '../../services/time-ago'
import { Alert } from '../alert'
import { Button } from '../button'
import { Confirmation } from '../confirmation'
import { LoadFailed } from '../load-failed'
import { Page } from '../app/page'

/** A time as the reader's language writes it (Vietnamese: day before month), 24-hour. */
function When({ iso }: { iso: string }) {
  const { i18n } = useLingui()
  return <time dateTime={iso}>{formatDateTime(iso, i18n.locale === 'vi' ? 'vi' : 'en')}</time>
}

/** "Firefox 128 on Linux": what the server made of the browser's User-Agent. */
function DeviceName({ device }: { device: ActiveSession['device'] }) {
  const { t } = useLingui()
  const browser = device.browser ?? t`Unknown browser`
  return <>{device.os ? t`${browser} on ${device.os}` : browser}</>
}

/** The device kinds the server tells apart (bowser's platform type), in words. */
const KINDS = { mobile: msg`Phone`, tablet: msg`Tablet`, desktop: msg`Computer`, tv: msg`TV` } as const
const OTHER_KIND = msg`Device`

/** "Phone", "Computer", …: what kind of device the session is on. */
function DeviceKind({ type }: { type: string | null }) {
  const { i18n } = useLingui()
  const kind = type !== null && type in KINDS ? KINDS[type as keyof typeof KINDS] : OTHER_KIND
  return <>{i18n._(kind)}</>
}

/** /log: the user's open sessions (sign out any other one, or all of them) and their recent logins. */
export function SessionsPageView({
  status,
  rows,
  history,
  canSignOutOthers,
  confirmingOthers,
  busy,
  error,
  onRetry,
  onSignOut,
  onSignOutOthers,
  onConfirm,
  onCancel,
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
            {confirmingOthers ? (
              <Confirmation
                label={t`Confirm signing out all other sessions`}
                confirm={<Trans>Yes, sign them out</Trans>}
                onConfirm={onConfirm}
                onCancel={onCancel}
              >
                <Plural
                  value={rows.length - 1}
                  one="Sign out # other session? That device goes back to the login page."
                  other="Sign out # other sessions? Those devices go back to the login page."
                />
              </Confirmation>
            ) : null}
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
    <li
      aria-label={session.current ? t`This device` : t`Session on ${name}`}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3"
    >
      <span className="min-w-48 flex-1">
        <span className="block text-sm font-medium text-slate-900">
          <DeviceKind type={session.device.type} /> · <DeviceName device={session.device} />
          {session.current ? (
            <span className="ml-2 inline-block rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800">
              <Trans>This device</Trans>
            </span>
          ) : null}
        </span>
        <span className="block text-xs text-slate-600">
          <Trans>
            From {place} · last active <When iso={session.last_seen_at} />
          </Trans>
        </span>
        <span className="block text-xs text-slate-600">
          <Trans>
            Logged in <When iso={session.created_at} />
          </Trans>
        </span>
      </span>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          onClick={onSignOut}
          disabled={disabled}
          aria-busy={busy || undefined}
          aria-label={t`Sign out ${name}`}
          className="shrink-0"
        >
          <Trans>Sign out</Trans>
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
      <When iso={entry.created_at} /> · <DeviceKind type={entry.device.type} /> · <DeviceName device={entry.device} /> · {place}
    </li>
  )
}
