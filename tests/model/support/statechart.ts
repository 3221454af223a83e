/**
 * What a machine *is*, read from its definition: its state nodes and every transition, and the
 * string each transition is known by in `reports/model-tests.json`.
 *
 * Transition key (the `covered_transitions` entries; the statechart visualiser marks an edge as
 * covered when it computes the same string for it):
 *
 *     <sourceStatePath> --<eventType>[<guard>]--> <targetStatePath>
 *
 * - a state path is the node's keys from the root joined with '.' (`open.saving`); the machine's
 *   root node is `(root)` (its own `on` handlers: `(root) --CHAT_UNREAD--> (root)`).
 * - eventType is the transition's event descriptor as XState stores it: a user event (`CANCEL`),
 *   `xstate.done.actor.<invokeId>` / `xstate.error.actor.<invokeId>` for invoke results,
 *   `xstate.after.<delay>.<stateNodeId>` for delays (`xstate.after.callTimeout.outgoingCall.ringing`),
 *   `xstate.done.state.<stateNodeId>` for onDone; eventless (`always`) transitions use `always`.
 * - `[<guard>]` only when the transition has a guard: the guard's name; `not(g)` is `!g`,
 *   `and([a, b])` is `a && b`, `or([a, b])` is `a || b`, an inline function its name or `inline`.
 * - the target is the target state path (several targets joined with ','); a targetless
 *   transition (actions only) names its source, as @xstate/graph's toDirectedGraph does.
 *
 * Examples: `ringing --CANCEL--> cancelling`,
 * `ringing --RESPONSE_CALL[answeredThisCall]--> answered`,
 * `deciding --always[tutorialSkipped]--> closed`.
 *
 * Totals: every state node except the root and history pseudo-states (never active themselves);
 * every transition definition of every node (guarded alternatives each count, as do `after`
 * delays, invoke onDone/onError and eventless ones).
 */
import type { AnyStateMachine } from 'xstate'

export const ROOT_PATH = '(root)'
export const EVENTLESS = 'always'

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

export function guardLabel(guard: unknown): string {
  if (guard === undefined || guard === null) return ''
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const composite = guard as { name?: string; guards?: unknown[] }
    if (Array.isArray(composite.guards)) {
      const parts = composite.guards.map(guardLabel)
      const wrap = (label: string) => (/\s/.test(label) ? `(${label})` : label)
      if (composite.name === 'not') return `!${wrap(parts[0] ?? '')}`
      if (composite.name === 'and') return parts.map(wrap).join(' && ')
      if (composite.name === 'or') return parts.map(wrap).join(' || ')
    }
    return composite.name || 'inline'
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type)
  return 'inline'
}

/** The transition's key (see the top of this file). */
export function transitionKey(transition: TransitionLike): string {
  const source = statePath(transition.source)
  const event = transition.eventType === '' ? EVENTLESS : transition.eventType
  const guard = guardLabel(transition.guard)
  const target = transition.target?.length ? transition.target.map(statePath).join(',') : source
  return `${source} --${event}${guard ? `[${guard}]` : ''}--> ${target}`
}

/** The machine's full inventory, as coverage counts it. */
export function inventoryOf(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  return {
    states: countedStatePaths(machine),
    transitions: [...new Set(transitionsOf(machine).map(transitionKey))],
  }
}
