import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CalendarFeedProps } from '../../machines/calendar-feed'
import { Alert } from '../alert'
import { Button } from '../button'
import { Confirmation } from '../confirmation'
import { LoadFailed } from '../load-failed'

/** "Subscribe to your calendar": the private feed link to add to another calendar app, Copy link and Reset link. */
export function FeedPanel(props: CalendarFeedProps) {
  const { t } = useLingui()
  const urlId = useId()
  const reason = props.error
  return (
    <details
      className="rounded-lg border border-slate-200 bg-white"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) props.onOpen()
      }}
    >
      <summary className="flex min-h-11 cursor-pointer items-center px-4 text-sm font-semibold text-slate-900">
        <Trans>Subscribe to your calendar</Trans>
      </summary>
      <div className="space-y-3 border-t border-slate-100 p-4 text-sm">
        <p className="text-slate-600">
          <Trans>
            Add this link to another calendar app (Google Calendar, Outlook, Apple Calendar) to see your reminders and tasks there. Keep it
            private: anyone with the link can read them.
          </Trans>
        </p>
        {props.loading ? (
          <p role="status" className="text-slate-500">
            <Trans>Loading your link…</Trans>
          </p>
        ) : props.failed ? (
          <LoadFailed onRetry={props.onRetry}>
            <span>
              <Trans>Your link could not be loaded: {reason}</Trans>
            </span>
          </LoadFailed>
        ) : props.url !== null ? (
          <>
            <div>
              <label htmlFor={urlId} className="block font-medium text-slate-700">
                <Trans>Your calendar's private link</Trans>
              </label>
              <input
                id={urlId}
                readOnly
                value={props.url}
                onFocus={(event) => event.currentTarget.select()}
                className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-xs text-slate-800"
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button onClick={props.onCopy} disabled={!props.ready} aria-busy={props.copying || undefined}>
                {props.copied ? <Trans>Copied</Trans> : <Trans>Copy link</Trans>}
              </Button>
              <Button variant="secondary" onClick={props.onReset} disabled={!props.ready}>
                <Trans>Reset link</Trans>
              </Button>
            </div>
            {props.copied ? (
              <p role="status" className="sr-only">
                <Trans>Link copied</Trans>
              </p>
            ) : null}
            {props.confirming ? (
              <Confirmation
                label={t`Confirm resetting the calendar link`}
                confirm={<Trans>Yes, make a new link</Trans>}
                onConfirm={props.onConfirm}
                onCancel={props.onCancel}
                busy={props.resetting}
              >
                <Trans>Make a new link? The old one stops working in every app that uses it.</Trans>
              </Confirmation>
            ) : null}
            {props.reset ? (
              <Alert tone="info">
                <Trans>A new link was made. The old one no longer works.</Trans>
              </Alert>
            ) : null}
            {props.error ? <Alert>{props.error}</Alert> : null}
          </>
        ) : null}
      </div>
    </details>
  )
}
