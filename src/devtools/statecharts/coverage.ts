import type { GraphEdge, StatechartGraph } from './graph-model'
import { coverageKey, EVENTLESS, parseCoverageKey, ROOT_PATH, type CoveredTransition } from './coverage-key'

/**
 * Which drawn edges the covered transitions of the generated model tests' report are (the report,
 * `reports/model-tests.json`, is read by machine-registry.ts; its keys are coverage-key.ts's).
 */

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
    const covered = parseCoverageKey(text)
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
 * The key of a transition, as the model tests write it (for a transition with several targets,
 * pass all its edges).
 */
export function coverageString(edges: GraphEdge | GraphEdge[]): string {
  const list = Array.isArray(edges) ? edges : [edges]
  const edge = list[0]!
  return coverageKey({
    source: edge.sourcePath,
    eventType: edge.label.eventType,
    ...(edge.label.guard ? { guard: edge.label.guard } : {}),
    targets: edge.targetPath === null ? [] : list.map((e) => e.targetPath ?? ''),
  })
}
