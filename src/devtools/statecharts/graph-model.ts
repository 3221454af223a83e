import { and, not, or, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type StateValue } from 'xstate'

/**
 * A machine definition as a drawable graph: every state node (containers for compound and
 * parallel states, regions of parallel states, initial children, final and history states) and
 * every transition with what its label needs (event, guard, delay, eventless, invoke done/error).
 *
 * Pure: reads `machine.root` only, no React, no layout. Transitions are keyed by
 * `<source state id>|<event type>|<index among that source's transitions for the event>`, which is
 * the same for `machine` and for `machine.provide(...)`, so a transition the running simulation
 * takes can be found in the graph drawn from the original definition.
 */

export type GraphNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history'

export interface GraphNode {
  /** The state node's id (`machineId.a.b`, or its own `id`). */
  id: string
  /** Dot-joined state keys from the machine root; '' for the root itself. */
  path: string
  /** The state key (the machine id for the root). */
  key: string
  type: GraphNodeType
  history?: 'shallow' | 'deep'
  parentId: string | null
  childIds: string[]
  /** The child entered by default (compound states). */
  initialChildId: string | null
  /** A region of a parallel state. */
  isRegion: boolean
  depth: number
  /** Invoked actors: the invoke id and the logic's name. */
  invokes: Array<{ id: string; src: string }>
  tags: string[]
  description?: string
}

export type EdgeKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'doneState' | 'snapshot'

export interface EdgeLabel {
  kind: EdgeKind
  /** The event type as the machine sees it ('' for eventless). */
  eventType: string
  /** What to print for the event: the type, or the invoked actor's name for done/error. */
  event: string
  guard?: string
  /** after: the delay in ms when known (a number, or a named delay implemented as a number). */
  delayMs?: number
  /** after: the delay's name when it is a named delay. */
  delayName?: string
}

export interface GraphEdge {
  /** Unique per drawn edge: `<transition key>><target index>`. */
  id: string
  /** See the module comment; shared by the edges of a transition with several targets. */
  transitionKey: string
  sourceId: string
  /** null when the transition has no target (it only runs actions). */
  targetId: string | null
  sourcePath: string
  targetPath: string | null
  label: EdgeLabel
  reenter: boolean
  /**
   * 'edge' draws an arrow between two boxes; 'row' lists the transition inside its source box
   * (targetless transitions and transitions back to the source state itself).
   */
  drawAs: 'edge' | 'row'
}

export interface StatechartGraph {
  machineId: string
  rootId: string
  nodes: Map<string, GraphNode>
  /** Node ids in document order (parents before children). */
  order: string[]
  edges: GraphEdge[]
  /** Path ('' for the root) -> node id. */
  idByPath: Map<string, string>
  stateCount: number
  transitionCount: number
}

const NOT_CHECK = (not('x') as unknown as { check: unknown }).check
const AND_CHECK = (and(['x']) as unknown as { check: unknown }).check
const OR_CHECK = (or(['x']) as unknown as { check: unknown }).check

type GuardLike = string | { type: string } | ((...args: never[]) => unknown) | undefined

/**
 * A readable name for a transition's guard: named guards by name, `{ type }` guards by type,
 * `not(a)` as `!a`, `and([a, b])` as `a && b`, `or([a, b])` as `a || b`, `stateIn(v)` as `in v`.
 * Compared by their check function, not by function name, so it survives minification.
 */
export function guardName(guard: unknown): string | undefined {
  const g = guard as GuardLike
  if (g === undefined || g === null) return undefined
  if (typeof g === 'string') return g
  if (typeof g === 'function') {
    const combinator = g as unknown as { check?: unknown; guards?: unknown[]; stateValue?: unknown }
    if (combinator.check === NOT_CHECK && combinator.guards) return `!${wrap(combinator.guards[0])}`
    if (combinator.check === AND_CHECK && combinator.guards) return combinator.guards.map(wrap).join(' && ')
    if (combinator.check === OR_CHECK && combinator.guards) return combinator.guards.map(wrap).join(' || ')
    if ('stateValue' in combinator)
      return `in ${typeof combinator.stateValue === 'string' ? combinator.stateValue : JSON.stringify(combinator.stateValue)}`
    return 'inline'
  }
  if (typeof g === 'object' && typeof g.type === 'string') return g.type
  return 'guard'
}

function wrap(guard: unknown): string {
  const name = guardName(guard) ?? ''
  return / (&&|\|\|) /.test(name) ? `(${name})` : name
}

const statePath = (node: AnyStateNode) => node.path.join('.')

function labelFor(source: AnyStateNode, t: AnyTransitionDefinition, machine: AnyStateMachine): EdgeLabel {
  const eventType = String(t.eventType ?? '')
  const guard = guardName(t.guard)
  const base = { eventType, ...(guard ? { guard } : {}) }
  if (eventType === '') return { ...base, kind: 'always', event: '' }
  const delay = (t as { delay?: unknown }).delay
  if (eventType.startsWith('xstate.after.') && delay !== undefined) {
    if (typeof delay === 'number') return { ...base, kind: 'after', event: eventType, delayMs: delay }
    if (typeof delay === 'string') {
      const implemented = (machine.implementations.delays as Record<string, unknown>)[delay]
      return {
        ...base,
        kind: 'after',
        event: eventType,
        delayName: delay,
        ...(typeof implemented === 'number' ? { delayMs: implemented } : {}),
      }
    }
    return { ...base, kind: 'after', event: eventType, delayName: 'delay' }
  }
  const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (actorEvent) {
    const invoke = source.invoke.find((i) => i.id === actorEvent[2])
    const src = invoke ? String(invoke.src) : actorEvent[2]!
    return { ...base, kind: actorEvent[1] === 'done' ? 'done' : 'error', event: src.startsWith('xstate.invoke.') ? actorEvent[2]! : src }
  }
  if (eventType.startsWith('xstate.done.state.')) return { ...base, kind: 'doneState', event: eventType }
  if (eventType.startsWith('xstate.snapshot.')) return { ...base, kind: 'snapshot', event: eventType.slice('xstate.snapshot.'.length) }
  return { ...base, kind: 'event', event: eventType }
}

/** The graph of a machine definition (see the module comment). */
export function machineToGraph(machine: AnyStateMachine): StatechartGraph {
  const nodes = new Map<string, GraphNode>()
  const order: string[] = []
  const idByPath = new Map<string, string>()
  const edges: GraphEdge[] = []
  let transitionCount = 0

  const visit = (sn: AnyStateNode, depth: number) => {
    const children = Object.values(sn.states) as AnyStateNode[]
    const initialTarget = sn.type === 'compound' ? sn.initial?.target?.[0] : undefined
    const node: GraphNode = {
      id: sn.id,
      path: statePath(sn),
      key: sn.parent ? sn.key : machine.id,
      type: sn.type,
      ...(sn.type === 'history' ? { history: sn.history === 'deep' ? 'deep' : 'shallow' } : {}),
      parentId: sn.parent ? sn.parent.id : null,
      childIds: children.map((c) => c.id),
      initialChildId: initialTarget ? initialTarget.id : null,
      isRegion: sn.parent?.type === 'parallel',
      depth,
      invokes: sn.invoke.map((i) => ({ id: i.id, src: String(i.src).startsWith('xstate.invoke.') ? i.id : String(i.src) })),
      tags: [...sn.tags],
      ...(sn.description ? { description: sn.description } : {}),
    }
    nodes.set(node.id, node)
    order.push(node.id)
    idByPath.set(node.path, node.id)

    const lists: Array<[string, AnyTransitionDefinition[]]> = [...sn.transitions.entries()]
    if (sn.always) lists.push(['', sn.always])
    for (const [eventType, list] of lists) {
      list.forEach((t, index) => {
        transitionCount++
        const transitionKey = `${sn.id}|${eventType}|${index}`
        const label = labelFor(sn, t, machine)
        const targets = t.target && t.target.length ? t.target : [null]
        targets.forEach((target, targetIndex) => {
          edges.push({
            id: `${transitionKey}>${targetIndex}`,
            transitionKey,
            sourceId: sn.id,
            targetId: target ? target.id : null,
            sourcePath: node.path,
            targetPath: target ? statePath(target) : null,
            label,
            reenter: t.reenter,
            drawAs: target && target !== sn ? 'edge' : 'row',
          })
        })
      })
    }
    children.forEach((c) => visit(c, depth + 1))
  }
  visit(machine.root, 0)

  return {
    machineId: machine.id,
    rootId: machine.root.id,
    nodes,
    order,
    edges,
    idByPath,
    stateCount: order.length - 1,
    transitionCount,
  }
}

/** The key of a transition definition taken by a running actor (see the module comment). */
export function transitionKeyOf(t: AnyTransitionDefinition): string | null {
  const source = t.source as AnyStateNode | undefined
  if (!source) return null
  const eventType = String(t.eventType ?? '')
  const list = eventType === '' ? source.always : source.transitions.get(eventType)
  const index = list ? list.indexOf(t) : -1
  return index < 0 ? null : `${source.id}|${eventType}|${index}`
}

/** Every active state path of a state value, ancestors included, '' (the root) first. */
export function activeStatePaths(value: StateValue): Set<string> {
  const paths = new Set<string>([''])
  const walk = (v: StateValue, prefix: string) => {
    if (typeof v === 'string') {
      paths.add(prefix ? `${prefix}.${v}` : v)
      return
    }
    for (const [key, child] of Object.entries(v)) {
      const path = prefix ? `${prefix}.${key}` : key
      paths.add(path)
      if (child !== undefined) walk(child as StateValue, path)
    }
  }
  walk(value, '')
  return paths
}

/** The words a label is made of, so the view can translate them. */
export interface LabelWords {
  always: string
  after: (delay: string) => string
  done: (actor: string) => string
  error: (actor: string) => string
  doneState: string
  snapshot: (actor: string) => string
}

export const ENGLISH_LABEL_WORDS: LabelWords = {
  always: 'always',
  after: (delay) => `after ${delay}`,
  done: (actor) => `done: ${actor}`,
  error: (actor) => `error: ${actor}`,
  doneState: 'done',
  snapshot: (actor) => `snapshot: ${actor}`,
}

/** 60000 -> '60 s', 1500 -> '1.5 s', 250 -> '250 ms', 0 -> '0 s'. */
export function formatDelay(ms: number): string {
  if (ms === 0) return '0 s'
  if (ms < 1000) return `${ms} ms`
  return `${Number((ms / 1000).toFixed(3))} s`
}

/** The label's lines: the event (or 'after 60 s', 'always', 'done: x'), then '[guard]'. */
export function labelLines(label: EdgeLabel, words: LabelWords = ENGLISH_LABEL_WORDS): string[] {
  let head: string
  switch (label.kind) {
    case 'always':
      head = words.always
      break
    case 'after': {
      const delay = label.delayMs !== undefined ? formatDelay(label.delayMs) : (label.delayName ?? '?')
      head = words.after(label.delayMs !== undefined && label.delayName ? `${delay} (${label.delayName})` : delay)
      break
    }
    case 'done':
      head = words.done(label.event)
      break
    case 'error':
      head = words.error(label.event)
      break
    case 'doneState':
      head = words.doneState
      break
    case 'snapshot':
      head = words.snapshot(label.event)
      break
    default:
      head = label.event
  }
  return label.guard ? [head, `[${label.guard}]`] : [head]
}
