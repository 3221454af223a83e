import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { UnsubscribeProps } from '../../machines/unsubscribe'
import { Button } from '../button'

/** /unsubscribe?token=…: turns the missed-message email off, without login. */
export function UnsubscribePage({ status, error, onConfirm }: UnsubscribeProps) {
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-slate-900">
        <Trans>Missed-message emails</Trans>
      </h1>
      {status === 'invalid' ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          <Trans>This link is not complete. Open it again from the email.</Trans>
        </p>
      ) : status === 'done' ? (
        <p role="status" className="mt-4 text-sm text-slate-700">
          <Trans>Done: you will not get these emails any more. You can turn them back on in your settings.</Trans>
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700">
            <Trans>Stop the emails about mentions and direct messages you have not read?</Trans>
          </p>
          {status === 'failed' && error ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <Button className="mt-4" onClick={onConfirm} disabled={status === 'sending'}>
            {status === 'sending' ? <Trans>Turning off…</Trans> : <Trans>Turn off these emails</Trans>}
          </Button>
        </>
      )}
      <p className="mt-8 text-sm">
        <Link to="/" className="text-indigo-700 underline">
          Workroom
        </Link>
      </p>
    </main>
  )
}
