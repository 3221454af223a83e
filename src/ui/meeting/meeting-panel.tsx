import { Trans, useLingui } from '@lingui/react/macro'
import type { RoomTile } from '../../machines/call-room'
import type { MeetingRoomProps } from '../../machines/meeting-room'
import { Alert } from '../alert'
import { Icon } from '../icons'

const smallButton =
  'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50'

/**
 * A meeting's side panel: its code (3-3-3) with a copy button; for the host, lock or unlock the
 * room, end it for everyone, and mute or remove each participant; then the meeting's own chat.
 */
export function MeetingPanel({ participants, ...panel }: MeetingRoomProps & { participants: RoomTile[] }) {
  const { t } = useLingui()
  const others = participants.filter((p) => !p.self)
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <section aria-label={t`Meeting code`} className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3">
        <span className="text-sm text-slate-600">
          <Trans>Meeting code</Trans>
        </span>
        <output className="font-mono text-base font-semibold tracking-wider" data-testid="meeting-code">
          {panel.code}
        </output>
        <button type="button" onClick={panel.onCopy} className={smallButton} aria-label={t`Copy the meeting code`}>
          <Icon name={panel.copied ? 'check' : 'copy'} className="h-4 w-4" />
          {panel.copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
        </button>
        {panel.locked ? (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-700">
            <Icon name="lock" className="h-4 w-4" />
            <Trans>Locked</Trans>
          </span>
        ) : null}
      </section>
      {panel.host ? (
        <section aria-label={t`Host controls`} className="space-y-2 border-b border-slate-200 p-3">
          {panel.error ? <Alert>{panel.error}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <button type="button" className={smallButton} disabled={panel.busy} onClick={() => panel.onLock(!panel.locked)}>
              <Icon name="lock" className="h-4 w-4" />
              {panel.locked ? <Trans>Unlock the meeting</Trans> : <Trans>Lock the meeting</Trans>}
            </button>
            <button type="button" className={`${smallButton} text-red-700 ring-red-300`} disabled={panel.busy} onClick={panel.onEnd}>
              <Trans>End the meeting for everyone</Trans>
            </button>
          </div>
          {others.length ? (
            <ul aria-label={t`People in the meeting`} className="space-y-1">
              {others.map((p) => (
                <li key={p.id} className="flex items-center gap-2 text-sm">
                  <span className="min-w-0 flex-1 truncate">{p.name}</span>
                  <button
                    type="button"
                    className={smallButton}
                    disabled={panel.busy || !p.audio}
                    onClick={() => panel.onMute(p.id)}
                    aria-label={t`Turn off ${p.name}’s microphone`}
                  >
                    <Icon name="mic-off" className="h-4 w-4" />
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    disabled={panel.busy}
                    onClick={() => panel.onRemove(p.id)}
                    aria-label={t`Remove ${p.name} from the meeting`}
                  >
                    <Icon name="close" className="h-4 w-4" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <section aria-label={t`Meeting chat`} className="flex min-h-0 flex-1 flex-col">
        <ol aria-live="polite" className="min-h-0 flex-1 space-y-2 overflow-y-auto p-3 text-sm">
          {panel.lines.length === 0 ? (
            <li className="text-slate-500">
              <Trans>Messages here are seen by everyone in the meeting.</Trans>
            </li>
          ) : (
            panel.lines.map((line, i) => (
              <li key={`${line.at}-${i}`}>
                <span className="font-semibold">{line.name}</span>: <span className="break-words">{line.text}</span>
              </li>
            ))
          )}
        </ol>
        <form
          className="flex gap-2 border-t border-slate-200 p-3"
          onSubmit={(event) => {
            event.preventDefault()
            panel.onSend()
          }}
        >
          <input
            value={panel.draft}
            onChange={(event) => panel.onDraft(event.target.value)}
            aria-label={t`Message to the meeting`}
            placeholder={t`Write a message`}
            maxLength={2000}
            className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
          />
          <button
            type="submit"
            disabled={!panel.canSend}
            className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50"
          >
            <Trans>Send</Trans>
          </button>
        </form>
      </section>
    </div>
  )
}
