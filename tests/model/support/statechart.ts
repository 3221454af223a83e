/**
 * What a machine *is*, read from its definition: its state nodes and every transition, and the
 * key each transition is known by in `reports/model-tests.json` (the format, shared with the
 * statechart visualiser, is src/devtools/statecharts/coverage-key.ts).
 *
 * Totals: every state node except the root and history pseudo-states (never active themselves);
 * every transition definition of every node (guarded alternatives each count, as do `after`
 * delays, invoke onDone/onError and eventless ones).
 */
import type { AnyStateMachine } from 'xstate'
import { coverageKey, ROOT_PATH } from '../../../src/devtools/statecharts/coverage-key'
import { guardName } from '../../../src/devtools/statecharts/graph-model'

export interface NodeLike {
  path: string[]
  parent?: NodeLike
  type: string
  states: Record<string, NodeLike>
  transitions: Map<string, TransitionLike[]>
  always?: TransitionLike[]
}

export interface TransitionLike {
  source: NodeLike
  target?: readonly NodeLike[] | undefined
  eventType: string
  guard?: unknown
}

export const statePath = (node: Pick<NodeLike, 'path'>): string => (node.path.length ? node.path.join('.') : ROOT_PATH)

/**
 * The state paths a taken transition proves were active: its source and the source's ancestors
 * (a transient state, left by an eventless transition in the same macrostep, is never in a stable
 * snapshot; its transition's source is the proof it was entered).
 */
export function activePathsOf(transition: TransitionLike): string[] {
  const paths: string[] = []
  for (let node: NodeLike | undefined = transition.source; node && node.path.length; node = node.parent) paths.push(statePath(node))
  return paths
}

/** Every state node, the root first. */
export function stateNodesOf(machine: AnyStateMachine): NodeLike[] {
  const nodes: NodeLike[] = []
  const walk = (node: NodeLike) => {
    nodes.push(node)
    Object.values(node.states).forEach(walk)
  }
  walk(machine.root as unknown as NodeLike)
  return nodes
}

/** The state paths counted by coverage: all but the root and history nodes. */
export function countedStatePaths(machine: AnyStateMachine): string[] {
  return stateNodesOf(machine)
    .filter((node) => node.path.length > 0 && node.type !== 'history')
    .map(statePath)
}

/** Every transition definition: `on`, invoke results, delays, onDone, and eventless ones. */
export function transitionsOf(machine: AnyStateMachine): TransitionLike[] {
  return stateNodesOf(machine).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])])
}

/** The transition's key (coverage-key.ts). */
export function transitionKey(transition: TransitionLike): string {
  const guard = guardName(transition.guard)
  return coverageKey({
    source: transition.source.path.join('.'),
    eventType: transition.eventType,
    ...(guard ? { guard } : {}),
    targets: (transition.target ?? []).map((node) => node.path.join('.')),
  })
}

/** The machine's full inventory, as coverage counts it. */
export function inventoryOf(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  return {
    states: countedStatePaths(machine),
    transitions: [...new Set(transitionsOf(machine).map(transitionKey))],
  }
}
