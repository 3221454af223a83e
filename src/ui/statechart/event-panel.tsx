import { useId, useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AnyEventObject, StateValue } from 'xstate'
import { formatDelay, labelLines, type GraphEdge, type LabelWords, type StatechartGraph } from '../../devtools/statecharts/graph-model'
import {
  candidateEventTypes,
  eventEnabled,
  type Enabled,
  type MachineSimulation,
  type SimulationState,
} from '../../devtools/statecharts/simulation'
import type { PendingCall } from '../../devtools/statecharts/stand-ins'

/**
 * The simulation panel: active state, the events enabled now (each a button named by its type,
 * with an optional JSON payload), the invoked actors waiting for a result (resolve / reject),
 * fake time, reset, the last transition and the context.
 */

export const TIME_STEPS_MS = [1_000, 10_000, 60_000] as const

const button =
  'inline-flex items-center justify-center rounded-md px-2.5 py-1.5 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50'
const primary = `${button} bg-indigo-600 text-white ring-indigo-600 hover:bg-indigo-500`
const secondary = `${button} bg-white text-slate-800 ring-slate-300 hover:bg-slate-50`
const field =
  'block w-full min-w-0 rounded-md border-0 bg-white px-2 py-1 font-mono text-xs text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 aria-[invalid=true]:ring-red-500'
const heading = 'text-xs font-semibold uppercase tracking-wide text-slate-500'

/** The active leaf states, dot-joined ('calling.ringing'); several for parallel states. */
export function leafStatePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value]
  const entries = Object.entries(value)
  if (!entries.length) return prefix ? [prefix] : []
  return entries.flatMap(([key, child]) => leafStatePaths(child as StateValue, prefix ? `${prefix}.${key}` : key))
}

/** JSON for display: actor refs and functions named, cycles cut. */
export function toDisplayJson(value: unknown): string {
  const seen = new WeakSet<object>()
  return (
    JSON.stringify(
      value,
      (_key, v: unknown) => {
        if (typeof v === 'function') return '[function]'
        if (typeof v === 'bigint') return v.toString()
        if (v && typeof v === 'object') {
          const ref = v as { sessionId?: unknown; send?: unknown; id?: unknown }
          if (typeof ref.sessionId === 'string' && typeof ref.send === 'function') return `[actor ${String(ref.id)}]`
          if (seen.has(v)) return '[circular]'
          seen.add(v)
          if (v instanceof Map) return Object.fromEntries(v)
          if (v instanceof Set) return [...v]
        }
        return v
      },
      2,
    ) ?? 'undefined'
  )
}

type Parsed = { ok: true; value: Record<string, unknown> } | { ok: false }

function parseObject(text: string): Parsed {
  if (!text.trim()) return { ok: true, value: {} }
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value)
      ? { ok: true, value: value as Record<string, unknown> }
      : { ok: false }
  } catch {
    return { ok: false }
  }
}

function parseAny(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text.trim()) return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

function EventRow({
  type,
  enabled,
  payload,
  onPayload,
  onSend,
}: {
  type: string
  enabled: Enabled
  payload: string
  onPayload: (v: string) => void
  onSend: (event: AnyEventObject) => void
}) {
  const { t } = useLingui()
  const errorId = useId()
  const parsed = parseObject(payload)
  return (
    <li className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] items-start gap-2">
      <button
        type="button"
        className={`${enabled === 'no' ? secondary : primary} font-mono`}
        disabled={enabled === 'no' || !parsed.ok}
        onClick={() => parsed.ok && onSend({ ...parsed.value, type })}
      >
        {type}
      </button>
      <div>
        <input
          type="text"
          className={field}
          value={payload}
          placeholder="{}"
          spellCheck={false}
          aria-label={t`Payload for ${type} (JSON)`}
          aria-invalid={!parsed.ok}
          aria-describedby={!parsed.ok || enabled !== 'yes' ? errorId : undefined}
          onChange={(e) => onPayload(e.target.value)}
        />
        {!parsed.ok ? (
          <p id={errorId} className="mt-0.5 text-xs text-red-700">
            <Trans>Not a JSON object.</Trans>
          </p>
        ) : enabled === 'unknown' ? (
          <p id={errorId} className="mt-0.5 text-xs text-amber-700">
            <Trans>Its guard reads the payload: fill it in.</Trans>
          </p>
        ) : enabled === 'no' ? (
          <p id={errorId} className="mt-0.5 text-xs text-slate-500">
            <Trans>Blocked by a guard (try a payload).</Trans>
          </p>
        ) : null}
      </div>
    </li>
  )
}

function PendingRow({
  child,
  onResolve,
  onReject,
}: {
  child: PendingCall
  onResolve: (output: unknown) => void
  onReject: (error: unknown) => void
}) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const parsed = parseAny(text)
  return (
    <li className="rounded-md bg-violet-50 p-2 ring-1 ring-violet-200">
      <p className="font-mono text-sm text-violet-900">
        {child.src}
        {child.id !== child.src && <span className="text-violet-600"> ({child.id})</span>}
      </p>
      <input
        type="text"
        className={`${field} mt-1`}
        value={text}
        placeholder={t`result or error (JSON, optional)`}
        spellCheck={false}
        aria-label={t`Result of ${child.src} (JSON)`}
        aria-invalid={!parsed.ok}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="mt-1.5 flex gap-2">
        <button
          type="button"
          className={secondary}
          disabled={!parsed.ok}
          aria-label={t`Resolve ${child.src}`}
          onClick={() => parsed.ok && onResolve(parsed.value)}
        >
          <Trans>Resolve</Trans>
        </button>
        <button
          type="button"
          className={secondary}
          disabled={!parsed.ok}
          aria-label={t`Reject ${child.src}`}
          onClick={() => parsed.ok && onReject(parsed.value ?? new Error(`${child.src} failed (simulated)`))}
        >
          <Trans>Reject</Trans>
        </button>
      </div>
    </li>
  )
}

export interface EventPanelProps {
  graph: StatechartGraph
  sim: MachineSimulation
  state: SimulationState
  words: LabelWords
  /** The input the machine was started with (shown, editable, used on reset). */
  initialInput: unknown
}

export function EventPanel({ graph, sim, state, words, initialInput }: EventPanelProps) {
  const { t } = useLingui()
  const [payloads, setPayloads] = useState<Record<string, string>>({})
  const [input, setInput] = useState(() => JSON.stringify(initialInput ?? {}, null, 1).replace(/\n\s*/g, ' '))
  const inputParsed = parseAny(input)
  const snapshot = state.snapshot
  const running = snapshot?.status === 'active' && !state.error

  const edgeByKey = useMemo(() => {
    const map = new Map<string, GraphEdge>()
    for (const e of graph.edges) if (!map.has(e.transitionKey)) map.set(e.transitionKey, e)
    return map
  }, [graph])

  const events = useMemo(() => {
    if (!snapshot) return []
    return candidateEventTypes(snapshot).map((type) => {
      const parsed = parseObject(payloads[type] ?? '')
      return { type, enabled: running ? eventEnabled(snapshot, { ...(parsed.ok ? parsed.value : {}), type }) : ('no' as Enabled) }
    })
  }, [snapshot, payloads, running])
  const enabledCount = events.filter((e) => e.enabled !== 'no').length

  const describe = (key: string) => {
    const edge = edgeByKey.get(key)
    if (!edge) return key
    const target = edge.targetPath ?? edge.sourcePath
    return `${edge.sourcePath || graph.machineId} —${labelLines(edge.label, words).join(' ')}→ ${target || graph.machineId}`
  }

  const eventRow = (e: { type: string; enabled: Enabled }) => (
    <EventRow
      key={e.type}
      type={e.type}
      enabled={e.enabled}
      payload={payloads[e.type] ?? ''}
      onPayload={(v) => setPayloads((p) => ({ ...p, [e.type]: v }))}
      onSend={(event) => sim.send(event)}
    />
  )

  const status = state.error
    ? t`stopped by an error`
    : snapshot?.status === 'done'
      ? t`finished (final state)`
      : snapshot?.status === 'stopped'
        ? t`stopped`
        : t`running`

  return (
    <div className="flex flex-col gap-5 text-sm text-slate-800">
      <section aria-labelledby="sc-active-heading">
        <h2 id="sc-active-heading" className={heading}>
          <Trans>Active state</Trans>
        </h2>
        <output
          aria-labelledby="sc-active-heading"
          data-testid="active-state"
          className="mt-1 block font-mono text-base font-semibold text-indigo-700"
        >
          {snapshot
            ? leafStatePaths(snapshot.value).map((p) => (
                <span key={p} className="block">
                  {p}
                </span>
              ))
            : '—'}
        </output>
        <p className="mt-0.5 text-xs text-slate-500">
          <Trans>Status: {status}</Trans>
        </p>
        {state.error && (
          <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-xs text-red-800 ring-1 ring-red-200">
            <Trans>The machine threw: {state.error}</Trans> <Trans>Reset to start over.</Trans>
          </p>
        )}
      </section>

      <section aria-labelledby="sc-events-heading">
        <h2 id="sc-events-heading" className={heading}>
          <Trans>Events</Trans>
        </h2>
        <p className="mt-1 text-xs text-slate-500">
          <Trans>The events the active states handle; a button is enabled when the event would take a transition now.</Trans>
        </p>
        {events.length ? <ul className="mt-2 flex flex-col gap-2">{events.map(eventRow)}</ul> : null}
        {enabledCount === 0 && (
          <p className="mt-1 text-slate-500">
            <Trans>No event is enabled in this state.</Trans>
          </p>
        )}
      </section>

      {state.pending.length > 0 && (
        <section aria-labelledby="sc-actors-heading">
          <h2 id="sc-actors-heading" className={heading}>
            <Trans>Invoked actors waiting</Trans>
          </h2>
          <p className="mt-1 text-xs text-slate-500">
            <Trans>Stand-ins for the real calls: decide how each one ends.</Trans>
          </p>
          <ul className="mt-2 flex flex-col gap-2">
            {state.pending.map((child) => (
              <PendingRow
                key={child.id}
                child={child}
                onResolve={(output) => sim.resolve(child, output)}
                onReject={(error) => sim.reject(child, error)}
              />
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="sc-time-heading">
        <h2 id="sc-time-heading" className={heading}>
          <Trans>Fake time</Trans>
        </h2>
        <p className="mt-1">
          <Trans>
            Elapsed:{' '}
            <span className="font-mono" data-testid="fake-time">
              {formatDelay(state.now)}
            </span>
          </Trans>
        </p>
        <div role="group" aria-label={t`Advance fake time`} className="mt-2 flex flex-wrap gap-2">
          {TIME_STEPS_MS.map((ms) => (
            <button key={ms} type="button" className={secondary} disabled={!running} onClick={() => sim.advance(ms)}>
              +{formatDelay(ms)}
            </button>
          ))}
        </div>
        {state.timers.length > 0 && (
          <ul className="mt-2 text-xs text-slate-600">
            {state.timers.map((timer) => (
              <li key={timer.id}>
                <Trans>A delay fires in {formatDelay(Math.max(0, timer.dueIn))}</Trans>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="sc-reset-heading">
        <h2 id="sc-reset-heading" className={heading}>
          <Trans>Start over</Trans>
        </h2>
        <label className="mt-1 block text-xs text-slate-600">
          <Trans>Input (JSON, used on reset)</Trans>
          <textarea
            className={`${field} mt-1`}
            rows={3}
            value={input}
            spellCheck={false}
            aria-invalid={!inputParsed.ok}
            onChange={(e) => setInput(e.target.value)}
          />
        </label>
        <button
          type="button"
          className={`${secondary} mt-2`}
          disabled={!inputParsed.ok}
          onClick={() => {
            setPayloads({})
            if (inputParsed.ok) sim.reset(inputParsed.value ?? {})
          }}
        >
          <Trans>Reset</Trans>
        </button>
      </section>

      <section aria-labelledby="sc-last-heading">
        <h2 id="sc-last-heading" className={heading}>
          <Trans>Last transition</Trans>
        </h2>
        <p className="mt-1 font-mono text-xs text-amber-800" data-testid="last-transition">
          {state.lastTransitionKeys.length ? (
            state.lastTransitionKeys.map((k) => (
              <span key={k} className="block">
                {describe(k)}
              </span>
            ))
          ) : (
            <Trans>None yet</Trans>
          )}
        </p>
        {state.history.length > 0 && (
          <details className="mt-2">
            <summary className="cursor-pointer text-xs text-slate-600">
              <Trans>Event history ({state.history.length})</Trans>
            </summary>
            <ol className="mt-1 flex flex-col gap-1 font-mono text-xs">
              {state.history.map((h, i) => (
                <li key={state.history.length - i} className="text-slate-700">
                  <span className="text-slate-400">{formatDelay(h.at)}</span> {h.eventType}
                  {h.transitionKeys.length === 0 && (
                    <span className="text-slate-400">
                      {' '}
                      <Trans>(no transition)</Trans>
                    </span>
                  )}
                  {h.transitionKeys.map((k) => (
                    <span key={k} className="block pl-4 text-slate-500">
                      {describe(k)}
                    </span>
                  ))}
                  {h.actions.length > 0 && (
                    <span className="block pl-4 text-violet-700">
                      <Trans>actions (stubbed): {h.actions.join(', ')}</Trans>
                    </span>
                  )}
                </li>
              ))}
            </ol>
          </details>
        )}
      </section>

      <section aria-labelledby="sc-context-heading">
        <h2 id="sc-context-heading" className={heading}>
          <Trans>Context</Trans>
        </h2>
        <pre
          aria-labelledby="sc-context-heading"
          data-testid="context"
          className="mt-1 max-h-72 overflow-auto rounded-md bg-slate-900 p-2 text-xs text-slate-100"
        >
          {snapshot ? toDisplayJson(snapshot.context) : ''}
        </pre>
      </section>
    </div>
  )
}
