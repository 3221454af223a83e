import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AnyStateMachine } from 'xstate'
import type { ModelTestReport } from '../../devtools/statecharts/machine-registry'
import { matchCoverage } from '../../devtools/statecharts/coverage'
import { CoverageSummary } from './coverage-summary'
import { EventPanel } from './event-panel'
import { activeStatePaths, machineToGraph, type StatechartGraph } from '../../devtools/statecharts/graph-model'
import {
  fitZoom,
  layoutStatechart,
  MIN_ZOOM,
  layoutStatechartAuto,
  type LayoutDirection,
  type LayoutWords,
  type StatechartLayout,
} from '../../devtools/statecharts/layout'
import { MachineSimulation } from '../../devtools/statecharts/simulation'
import { StatechartDiagram } from './statechart-diagram'
import { measureText } from '../../devtools/statecharts/text-measure'

/** One machine: its chart (with coverage marks and the live simulation highlighted) and the panel. */

const ZOOM_STEPS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2]
const zoomButton =
  'inline-flex h-8 min-w-8 items-center justify-center whitespace-nowrap rounded-md bg-white px-2 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40'

function useLayoutWords(): LayoutWords {
  const { t, i18n } = useLingui()
  return useMemo(
    () => ({
      always: t`always`,
      after: (delay: string) => t`after ${delay}`,
      done: (actor: string) => t`done: ${actor}`,
      error: (actor: string) => t`error: ${actor}`,
      doneState: t`done`,
      snapshot: (actor: string) => t`snapshot: ${actor}`,
      invoke: (src: string) => t`invoke ${src}`,
    }),
    // The words change with the language only.
    [i18n.locale],
  )
}

function Legend({ hasReport }: { hasReport: boolean }) {
  const { t } = useLingui()
  const item = 'inline-flex items-center gap-1.5'
  return (
    <ul aria-label={t`Legend`} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      <li className={item}>
        <span aria-hidden="true" className="inline-block h-3 w-5 rounded-sm bg-indigo-200 ring-2 ring-indigo-600" />
        <Trans>active state</Trans>
      </li>
      <li className={item}>
        <svg aria-hidden="true" width="24" height="6">
          <line x1="0" y1="3" x2="24" y2="3" stroke="#d97706" strokeWidth="3" />
        </svg>
        <Trans>last transition</Trans>
      </li>
      {hasReport && (
        <>
          <li className={item}>
            <svg aria-hidden="true" width="24" height="6">
              <line x1="0" y1="3" x2="24" y2="3" stroke="#059669" strokeWidth="2" />
            </svg>
            <Trans>covered by model tests</Trans>
          </li>
          <li className={item}>
            <svg aria-hidden="true" width="24" height="6">
              <line x1="0" y1="3" x2="24" y2="3" stroke="#94a3b8" strokeWidth="1.5" strokeDasharray="5 4" />
            </svg>
            <Trans>not covered</Trans>
          </li>
        </>
      )}
      <li className={item}>
        <span
          aria-hidden="true"
          className="inline-block h-3 w-5 rounded-sm ring-1 ring-slate-400 [outline:1px_solid_#64748b] [outline-offset:2px]"
        />
        <Trans>final state</Trans>
      </li>
      <li className={item}>
        <span aria-hidden="true" className="inline-block h-3 w-5 rounded-sm border border-dashed border-slate-400" />
        <Trans>parallel region</Trans>
      </li>
    </ul>
  )
}

function Simulated({
  graph,
  sim,
  input,
  layout,
  report,
  zoom,
}: {
  graph: StatechartGraph
  sim: MachineSimulation
  input: unknown
  layout: StatechartLayout | null
  report: ModelTestReport | null
  zoom: number
}) {
  const { t } = useLingui()
  const state = useSyncExternalStore(sim.subscribe, sim.getState)
  const words = useLayoutWords()
  const coverage = useMemo(() => {
    const result = report?.[graph.machineId]
    return result ? matchCoverage(graph, result.covered_transitions ?? []) : null
  }, [graph, report])
  const activePaths = useMemo(() => (state.snapshot ? activeStatePaths(state.snapshot.value) : new Set<string>()), [state.snapshot])
  const lastKeys = useMemo(() => new Set(state.lastTransitionKeys), [state.lastTransitionKeys])
  const scrollerRef = useRef<HTMLDivElement>(null)

  // Keep an active state in sight: scroll the chart (not the page) to it when it is out of view.
  useEffect(() => {
    const scroller = scrollerRef.current
    const target = scroller?.querySelector<SVGGraphicsElement>(
      '[data-active="true"]:is([data-state-type="atomic"], [data-state-type="final"])',
    )
    if (!scroller || !target) return
    const box = scroller.getBoundingClientRect()
    const rect = target.getBoundingClientRect()
    const visible = rect.left >= box.left && rect.right <= box.right && rect.top >= box.top && rect.bottom <= box.bottom
    if (visible) return
    scroller.scrollTo({
      left: scroller.scrollLeft + rect.left - box.left - (box.width - rect.width) / 2,
      top: scroller.scrollTop + rect.top - box.top - (box.height - rect.height) / 2,
    })
  }, [activePaths, layout, zoom])

  return (
    <>
      <div className="min-h-0 min-w-0 lg:col-start-1 lg:row-start-2">
        <div
          ref={scrollerRef}
          data-testid="diagram-scroller"
          className="h-[60vh] overflow-auto overscroll-contain rounded-lg border border-slate-200 bg-white p-2 lg:h-full"
        >
          {layout ? (
            <StatechartDiagram
              machineId={graph.machineId}
              layout={layout}
              activePaths={activePaths}
              lastTransitionKeys={lastKeys}
              coveredEdgeIds={coverage?.coveredEdgeIds ?? null}
              zoom={zoom}
            />
          ) : (
            <p role="status" className="p-4 text-sm text-slate-500">
              <Trans>Laying out the chart…</Trans>
            </p>
          )}
        </div>
      </div>
      <aside aria-label={t`Simulation`} className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:overflow-y-auto lg:pr-1">
        <EventPanel graph={graph} sim={sim} state={state} words={words} initialInput={input} />
      </aside>
      <div className="flex flex-col gap-2 lg:col-start-1 lg:row-start-3">
        <CoverageSummary report={report} machineId={graph.machineId} unmatched={coverage?.unmatched.length ?? 0} />
        <Legend hasReport={Boolean(coverage)} />
      </div>
    </>
  )
}

const NO_INPUT = {}

/** Roughly the diagram's box for the window size (the page layout: panel beside it from 1024 px). */
function diagramViewport(): { width: number; height: number } | undefined {
  if (typeof window === 'undefined') return undefined
  const wide = window.innerWidth >= 1024
  return wide
    ? { width: window.innerWidth - 420, height: window.innerHeight - 240 }
    : { width: window.innerWidth - 40, height: window.innerHeight * 0.6 - 16 }
}

export function StatechartView({
  machine,
  input = NO_INPUT,
  report,
}: {
  machine: AnyStateMachine
  input?: unknown
  report: ModelTestReport | null
}) {
  const { t } = useLingui()
  const graph = useMemo(() => machineToGraph(machine), [machine])
  const words = useLayoutWords()
  const [layout, setLayout] = useState<StatechartLayout | null>(null)
  const [layoutError, setLayoutError] = useState<string | null>(null)
  const [zoom, setZoom] = useState(1)
  /** null: chosen automatically. */
  const [direction, setDirection] = useState<LayoutDirection | null>(null)
  const [sim, setSim] = useState<MachineSimulation | null>(null)
  const fitRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let live = true
    setLayout(null)
    setLayoutError(null)
    const options = { words, measure: measureText }
    const viewport = diagramViewport()
    ;(direction ? layoutStatechart(graph, { ...options, direction }) : layoutStatechartAuto(graph, { ...options, viewport })).then(
      (l) => {
        if (!live) return
        // The chart opens fitted to its frame (never enlarged): all of it in sight, nothing cut off.
        // Zoom and layout change in one render, so the scroll to the active state sees the fitted size.
        const frame = diagramFrame()
        setZoom(frame ? fitZoom(l, frame, { max: 1, min: MIN_ZOOM }) : 1)
        setLayout(l)
      },
      (e: unknown) => live && setLayoutError(e instanceof Error ? e.message : String(e)),
    )
    return () => {
      live = false
    }
  }, [graph, words, direction])

  useEffect(() => {
    const s = new MachineSimulation(machine, input)
    setSim(s)
    return () => s.stop()
  }, [machine, input])

  /** The inner size of the diagram's scroll box (less its 8 px padding each side). */
  const diagramFrame = () => {
    const scroller = fitRef.current?.querySelector<HTMLElement>('[data-testid="diagram-scroller"]')
    return scroller && scroller.clientWidth > 0 ? { width: scroller.clientWidth - 16, height: scroller.clientHeight - 16 } : null
  }
  const fit = () => {
    const frame = diagramFrame()
    if (layout && frame) setZoom(fitZoom(layout, frame, { max: 2, min: MIN_ZOOM }))
  }
  const step = (direction: 1 | -1) =>
    setZoom((z) =>
      direction > 0 ? (ZOOM_STEPS.find((s) => s > z + 0.001) ?? z) : ([...ZOOM_STEPS].reverse().find((s) => s < z - 0.001) ?? z),
    )

  return (
    <div
      ref={fitRef}
      className="grid min-h-0 flex-1 grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_minmax(0,1fr)_auto]"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 lg:col-start-1 lg:row-start-1">
        <p className="text-sm text-slate-600">
          <Trans>
            {graph.stateCount} states, {graph.transitionCount} transitions
          </Trans>
        </p>
        <div role="group" aria-label={t`Zoom`} className="flex flex-wrap items-center gap-1">
          <button type="button" className={zoomButton} aria-label={t`Zoom out`} onClick={() => step(-1)}>
            −
          </button>
          <span className="w-12 text-center text-xs tabular-nums text-slate-600" aria-live="polite">
            {Math.round(zoom * 100)}%
          </span>
          <button type="button" className={zoomButton} aria-label={t`Zoom in`} onClick={() => step(1)}>
            +
          </button>
          <button type="button" className={zoomButton} onClick={() => setZoom(1)}>
            <Trans>Actual size</Trans>
          </button>
          <button type="button" className={zoomButton} onClick={fit} disabled={!layout}>
            <Trans>Fit</Trans>
          </button>
          <button
            type="button"
            className={zoomButton}
            disabled={!layout}
            onClick={() => setDirection(layout?.direction === 'DOWN' ? 'RIGHT' : 'DOWN')}
          >
            {layout?.direction === 'DOWN' ? <Trans>Lay out left to right</Trans> : <Trans>Lay out top to bottom</Trans>}
          </button>
        </div>
      </div>
      {layoutError && (
        <p role="alert" className="text-sm text-red-700 lg:col-start-1">
          <Trans>The chart could not be laid out: {layoutError}</Trans>
        </p>
      )}
      {sim && <Simulated graph={graph} sim={sim} input={input} layout={layout} report={report} zoom={zoom} />}
    </div>
  )
}
