import type { GraphEdge, StatechartGraph } from './graph-model'

/**
 * Which drawn edges the covered transitions of the generated model tests' report are (the report,
 * `reports/model-tests.json`, is read by machine-registry.ts).
 *
 * A covered transition is written `<source path> --<event type>[guard]--> <target path>`
 * (tests/model/support/statechart.ts writes them): paths are dot-joined state keys from the machine
 * root, the root itself `(root)` (or empty); `[guard]` only when the transition is guarded; delays
 * as their `xstate.after.<delay>.<state id>` event; eventless transitions as `always` (or an empty
 * event type); a targetless transition names its source as target (or nothing); several targets
 * are comma-joined.
 */

export const ROOT_PATH = '(root)'
export const EVENTLESS = 'always'

export interface CoveredTransition {
  source: string
  eventType: string
  guard?: string
  target: string
}

/** Parses one covered-transition string; null when it is not in that shape. */
export function parseCoveredTransition(text: string): CoveredTransition | null {
  const start = text.indexOf(' --')
  const arrow = text.lastIndexOf('--> ')
  const arrowAtEnd = text.endsWith('-->')
  const end = arrow >= 0 ? arrow : arrowAtEnd ? text.length - 3 : -1
  if (start < 0 || end < start + 3) return null
  const source = text.slice(0, start).trim()
  const target = text.slice(end + 3).trim()
  let middle = text.slice(start + 3, end)
  let guard: string | undefined
  if (middle.endsWith(']')) {
    const open = middle.indexOf('[')
    if (open >= 0) {
      guard = middle.slice(open + 1, -1)
      middle = middle.slice(0, open)
    }
  }
  return { source, eventType: middle, ...(guard !== undefined ? { guard } : {}), target }
}

const normalizeGuard = (g: string | undefined) => (g ?? '').replace(/[\s()]/g, '').replace(/^not/, '!')
const normalizePath = (p: string) => (p === ROOT_PATH ? '' : p)

function eventMatches(edge: GraphEdge, covered: CoveredTransition): boolean {
  if (edge.label.eventType === covered.eventType) return true
  return edge.label.eventType === '' && covered.eventType === EVENTLESS
}

function targetMatches(edge: GraphEdge, covered: CoveredTransition): boolean {
  const targets = covered.target.split(',').map((t) => normalizePath(t.trim()))
  if (edge.targetPath === null) return covered.target === '' || targets.includes(edge.sourcePath)
  return targets.includes(edge.targetPath)
}

export interface CoverageMatch {
  /** Ids of the drawn edges the report covers. */
  coveredEdgeIds: Set<string>
  /** Report entries that name no transition of the chart (the report is older than the machine). */
  unmatched: string[]
}

/** Which edges of `graph` the report's covered transitions are. */
export function matchCoverage(graph: StatechartGraph, coveredTransitions: readonly string[]): CoverageMatch {
  const coveredEdgeIds = new Set<string>()
  const unmatched: string[] = []
  for (const text of coveredTransitions) {
    const covered = parseCoveredTransition(text)
    if (!covered) {
      unmatched.push(text)
      continue
    }
    const source = normalizePath(covered.source)
    let candidates = graph.edges.filter((e) => e.sourcePath === source && eventMatches(e, covered) && targetMatches(e, covered))
    if (candidates.length > 1) {
      // Same source, event and target: the guard tells them apart.
      const wanted = normalizeGuard(covered.guard)
      const byGuard = candidates.filter((e) => normalizeGuard(e.label.guard) === wanted)
      if (byGuard.length) candidates = byGuard
    }
    if (!candidates.length) {
      unmatched.push(text)
      continue
    }
    for (const e of candidates) coveredEdgeIds.add(e.id)
  }
  return { coveredEdgeIds, unmatched }
}

/**
 * The covered-transition string of a transition, as the model tests write it (for a transition
 * with several targets, pass all its edges).
 */
export function coverageString(edges: GraphEdge | GraphEdge[]): string {
  const list = Array.isArray(edges) ? edges : [edges]
  const edge = list[0]!
  const path = (p: string | null) => (p === '' ? ROOT_PATH : (p ?? ''))
  const guard = edge.label.guard ? `[${edge.label.guard}]` : ''
  const event = edge.label.eventType === '' ? EVENTLESS : edge.label.eventType
  const target = edge.targetPath === null ? path(edge.sourcePath) : list.map((e) => path(e.targetPath)).join(',')
  return `${path(edge.sourcePath)} --${event}${guard}--> ${target}`
}
