/**
 * Path generation with @xstate/graph.
 *
 * `createTestModel` refuses machines with `after`, so the model is a plain `TestModel` whose event
 * generator offers, in each state, the events that state handles
 * (`__unsafe_getAllOwnEventDescriptors`), with the payload variants a test lists per event type
 * (invoke results `xstate.done.actor.<id>` carry their `output`; delays appear as
 * `xstate.after.<delay>.<stateNodeId>`).
 *
 * Paths: the shortest path to every (abstract) state (`getShortestPaths`), plus, for every edge of
 * the traversed graph (`getAdjacencyMap`), the shortest path to its source followed by that edge:
 * every state and every transition the graph holds is on some path. Paths that are a prefix of
 * another are dropped. `serializeState` may abstract the context so loops stay finite; each
 * path is then replayed from the initial snapshot (pure `machine.transition`) so its snapshots are
 * exactly the ones its events lead to, and the transitions each step takes are read from the
 * machine's own microsteps.
 */
import { TestModel, type StatePath } from '@xstate/graph'
import {
  __unsafe_getAllOwnEventDescriptors,
  createEmptyActor,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate'
import { activePathsOf, transitionKey, type TransitionLike } from './statechart'

export type EventVariants<TSnapshot> = Record<string, readonly AnyEventObject[] | ((snapshot: TSnapshot) => readonly AnyEventObject[])>

export interface PathSpec<TMachine extends AnyStateMachine> {
  machine: TMachine
  input?: InputFrom<TMachine>
  /** Several starts (label -> input): paths are generated from each; `input` is then unused. */
  inputs?: Record<string, InputFrom<TMachine>>
  /** Payload variants per event type; a type not listed is sent as `{ type }`; `[]` leaves it out there. */
  events?: EventVariants<SnapshotFrom<TMachine>>
  /** The traversal's notion of "the same state" (default: value and context). */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string
  /** Traversal bound (adjacency iterations). */
  limit?: number
  /**
   * Which paths to keep: 'edges' (default) the shortest path to every state plus every edge of
   * the traversed graph; 'transitions' the shortest path to every state plus, in breadth-first
   * order, each edge that takes a machine transition no kept path takes yet (for forms whose
   * field values make the graph wide); 'coverage' the shortest path to every state value (the
   * statechart's configuration, whatever the context) plus those covering edges (for machines
   * whose parallel regions and context make the abstract graph large).
   */
  select?: 'edges' | 'transitions' | 'coverage'
}

export interface GeneratedStep {
  event: AnyEventObject
  /** The snapshot after the event. */
  state: AnyMachineSnapshot
  /** Keys of the transitions the machine took for this event (eventless ones after it included). */
  transitions: string[]
  /** States these transitions show were active (sources and their ancestors). */
  sources: string[]
}

export interface GeneratedPath extends StatePath<AnyMachineSnapshot, AnyEventObject> {
  description: string
  steps: GeneratedStep[]
  /** The input the path starts the machine with. */
  input: unknown
}

const defaultSerialize = (snapshot: { value: unknown; context: unknown; status: string }) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status })

export function eventGenerator<TMachine extends AnyStateMachine>(spec: PathSpec<TMachine>) {
  return (snapshot: SnapshotFrom<TMachine>): EventObject[] =>
    __unsafe_getAllOwnEventDescriptors(snapshot as never).flatMap((type: string) => {
      const variants = spec.events?.[type]
      if (!variants) return [{ type }]
      return [...(typeof variants === 'function' ? variants(snapshot) : variants)]
    })
}

/** An actor scope for pure transitions that reports each microstep's transitions. */
function recordingScope(onTransitions: (transitions: TransitionLike[]) => void) {
  const empty = createEmptyActor()
  const system = Object.create(empty.system) as typeof empty.system & {
    _sendInspectionEvent: (event: { type: string; _transitions?: TransitionLike[] }) => void
  }
  system._sendInspectionEvent = (event) => {
    if (event.type === '@xstate.microstep') onTransitions(event._transitions ?? [])
  }
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'model-paths',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  }
}

export function formatEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>
  const short = type
    .replace(/^xstate\.done\.actor\.(.*)$/, 'done:$1')
    .replace(/^xstate\.error\.actor\.(.*)$/, 'error:$1')
    .replace(/^xstate\.after\.([^.]+)\..*$/, 'after:$1')
  const payload = 'output' in rest ? rest.output : 'error' in rest ? undefined : Object.keys(rest).length ? rest : undefined
  if (payload === undefined) return short
  const json = JSON.stringify(payload)
  return `${short}(${json.length > 48 ? `${json.slice(0, 45)}…` : json})`
}

const stateString = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([key, child]) => (typeof child === 'string' ? `${key}.${child}` : `${key}.{${stateString(child)}}`))
        .join(', ')

/** Replays events from the initial snapshot with the pure machine, recording the transitions taken. */
export function replay<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input: InputFrom<TMachine> | undefined,
  events: readonly AnyEventObject[],
  label = '',
): GeneratedPath {
  type S = AnyMachineSnapshot
  let taken: string[] = []
  let sources: string[] = []
  const scope = recordingScope((transitions) => {
    taken.push(...transitions.map(transitionKey))
    sources.push(...transitions.flatMap(activePathsOf))
  })
  let snapshot = (machine.getInitialSnapshot as (scope: unknown, input: unknown) => S)(scope, input)
  const steps: GeneratedStep[] = [{ event: { type: 'xstate.init' }, state: snapshot, transitions: taken, sources }]
  for (const event of events) {
    taken = []
    sources = []
    if (snapshot.status !== 'active') throw new Error(`event ${event.type} after the machine finished`)
    snapshot = (machine.transition as (snapshot: S, event: EventObject, scope: unknown) => S)(snapshot, event, scope)
    steps.push({ event, state: snapshot, transitions: taken, sources })
  }
  const description = `${label ? `[${label}] ` : ''}${events.length ? events.map(formatEvent).join(' → ') : '(initial)'} ⇒ ${stateString(snapshot.value)}`
  return { state: snapshot, steps, weight: events.length, description, input }
}

export interface GeneratedModel<TMachine extends AnyStateMachine> {
  model: TestModel<SnapshotFrom<TMachine>, EventObject, InputFrom<TMachine>>
  paths: GeneratedPath[]
  /** Transition keys the generated paths take, by the pure machine (the run records the real ones). */
  predictedTransitions: Set<string>
}

export function generatePaths<TMachine extends AnyStateMachine>(spec: PathSpec<TMachine>): GeneratedModel<TMachine> {
  if (!spec.inputs) return generateFrom(spec, spec.input, '')
  const generated = Object.entries(spec.inputs).map(([label, input]) => generateFrom(spec, input, label))
  return {
    model: generated[0].model,
    paths: generated.flatMap((g) => g.paths),
    predictedTransitions: new Set(generated.flatMap((g) => [...g.predictedTransitions])),
  }
}

function generateFrom<TMachine extends AnyStateMachine>(
  spec: PathSpec<TMachine>,
  input: InputFrom<TMachine> | undefined,
  label: string,
): GeneratedModel<TMachine> {
  const serializeState = (spec.serializeState ?? defaultSerialize) as (snapshot: SnapshotFrom<TMachine>) => string
  const model = new TestModel<SnapshotFrom<TMachine>, EventObject, InputFrom<TMachine>>(spec.machine as never, {
    events: eventGenerator(spec) as never,
    serializeState: (snapshot) => serializeState(snapshot),
    input,
    limit: spec.limit ?? 20_000,
  })
  const started = Date.now()
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true })
  if (process.env.MODEL_DEBUG)
    console.log(`${spec.machine.id}${label ? ` [${label}]` : ''}: ${shortest.length} states in ${Date.now() - started} ms`)
  const eventsTo = new Map<string, AnyEventObject[]>()
  for (const path of shortest) {
    const key = serializeState(path.state)
    const events = path.steps.slice(1).map((step) => step.event as AnyEventObject)
    const known = eventsTo.get(key)
    if (!known || known.length > events.length) eventsTo.set(key, events)
  }
  const sequences: AnyEventObject[][] = []
  const edges: AnyEventObject[][] = []
  const byValue = new Map<string, AnyEventObject[]>()
  for (const [key, { state, transitions }] of Object.entries(model.getAdjacencyMap())) {
    const base = eventsTo.get(key)
    if (!base) throw new Error(`no shortest path to ${key}`)
    // The abstraction must be faithful: replaying the events reaches the same abstract state.
    const reached = serializeState(replay(spec.machine, input, base).state as SnapshotFrom<TMachine>)
    if (reached !== key)
      throw new Error(`serializeState is not faithful: ${base.map(formatEvent).join(' → ')} reaches ${reached}, expected ${key}`)
    const value = JSON.stringify((state as { value: unknown }).value)
    const known = byValue.get(value)
    if (!known || known.length > base.length) byValue.set(value, base)
    if (spec.select !== 'coverage') sequences.push(base)
    for (const { event } of Object.values(transitions) as { event: AnyEventObject }[]) edges.push([...base, event])
  }
  if (spec.select === 'coverage') sequences.push(...byValue.values())
  if (spec.select === 'transitions' || spec.select === 'coverage') {
    const taken = new Set(sequences.flatMap((events) => replay(spec.machine, input, events).steps.flatMap((step) => step.transitions)))
    for (const events of [...edges].sort((a, b) => a.length - b.length)) {
      const fresh = replay(spec.machine, input, events)
        .steps.flatMap((step) => step.transitions)
        .filter((key) => !taken.has(key))
      if (!fresh.length) continue
      fresh.forEach((key) => taken.add(key))
      sequences.push(events)
    }
  } else sequences.push(...edges)
  // Drop duplicates and sequences that are a prefix of a longer one.
  const serialized = sequences.map((events) => events.map((event) => JSON.stringify(event)))
  const order = serialized.map((_, i) => i).sort((a, b) => serialized[b].length - serialized[a].length)
  const kept: number[] = []
  for (const i of order) {
    const candidate = serialized[i]
    const covered = kept.some(
      (k) => serialized[k].length >= candidate.length && candidate.every((event, at) => serialized[k][at] === event),
    )
    if (!covered) kept.push(i)
  }
  kept.sort((a, b) => a - b)
  const paths = kept.map((i) => replay(spec.machine, input, sequences[i], label))
  const predictedTransitions = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.transitions)))
  return { model, paths, predictedTransitions }
}
