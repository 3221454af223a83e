import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  SimulatedClock,
  type Actor,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InspectionEvent,
} from 'xstate'
import { transitionKeyOf } from './graph-model'
import { promiseStandIn, type PendingCall } from './stand-ins'

/**
 * A reviewer's sandbox run of a machine: the machine's injected actors are replaced by stand-ins
 * (stand-ins.ts) that wait until the reviewer resolves or rejects them, its named side-effect
 * actions by no-ops, and time by a SimulatedClock the reviewer advances. Nothing reaches the network.
 */

export interface PendingTimer {
  id: number
  /** Fake ms from now until it fires. */
  dueIn: number
}

export interface HistoryEntry {
  /** Fake time (ms since start) the event was processed at. */
  at: number
  eventType: string
  /** Transition keys taken (see graph-model). */
  transitionKeys: string[]
  /** Named actions that ran (their effects are stubbed). */
  actions: string[]
}

export interface SimulationState {
  /** null only when the actor could not even be created. */
  snapshot: AnyMachineSnapshot | null
  /** The transitions of the last macrostep that took any. */
  lastTransitionKeys: string[]
  pending: PendingCall[]
  timers: PendingTimer[]
  /** Fake ms since the start. */
  now: number
  history: HistoryEntry[]
  /** A thrown error that stopped the machine (e.g. an action read a payload field that was not sent). */
  error: string | null
}

/** A SimulatedClock that also says which timers are waiting, so the panel can show them. */
class ObservedClock extends SimulatedClock {
  readonly waiting = new Map<number, { start: number; timeout: number }>()
  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id: number = super.setTimeout((...args: unknown[]) => {
      this.waiting.delete(id)
      fn(...args)
    }, timeout)
    this.waiting.set(id, { start: this.now(), timeout })
    return id
  }
  override clearTimeout(id: number): void {
    this.waiting.delete(id)
    super.clearTimeout(id)
  }
}

const isBuiltInAction = (impl: unknown) => typeof impl !== 'function' || 'resolve' in impl || 'type' in impl

/** Event types the reviewer can send now (own events of the active states, minus xstate.* ones). */
export function candidateEventTypes(snapshot: AnyMachineSnapshot): string[] {
  return __unsafe_getAllOwnEventDescriptors(snapshot).filter(
    (type) => typeof type === 'string' && type !== '' && !type.startsWith('xstate.') && !type.includes('*'),
  ) as string[]
}

export type Enabled = 'yes' | 'no' | 'unknown'

/** Whether the event would take a transition; 'unknown' when a guard needs payload fields. */
export function eventEnabled(snapshot: AnyMachineSnapshot, event: AnyEventObject): Enabled {
  if (snapshot.status !== 'active') return 'no'
  try {
    return snapshot.can(event) ? 'yes' : 'no'
  } catch {
    return 'unknown'
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message
  try {
    return JSON.stringify(error)
  } catch {
    return String(error)
  }
}

export class MachineSimulation {
  private actor: Actor<AnyStateMachine> | null = null
  private clock!: ObservedClock
  private history: HistoryEntry[] = []
  private pending = new Map<AnyActorRef, PendingCall>()
  private listeners = new Set<() => void>()
  private state!: SimulationState
  private step: { eventType: string; keys: string[]; actions: string[] } | null = null
  private readonly sandbox: AnyStateMachine

  constructor(
    machine: AnyStateMachine,
    private input: unknown = {},
  ) {
    const actors: Record<string, unknown> = {}
    for (const src of Object.keys(machine.implementations.actors)) {
      actors[src] = promiseStandIn(src, {
        started: (call, signal) => {
          this.pending.set(call.ref, call)
          signal.addEventListener('abort', () => {
            if (this.pending.delete(call.ref)) this.publish()
          })
          queueMicrotask(() => this.publish())
        },
        settled: (call) => this.pending.delete(call.ref),
      })
    }
    const actions: Record<string, unknown> = {}
    for (const [name, impl] of Object.entries(machine.implementations.actions)) {
      if (!isBuiltInAction(impl)) actions[name] = () => {}
    }
    this.sandbox = machine.provide({ actors, actions } as Parameters<AnyStateMachine['provide']>[0])
    this.start()
  }

  private start() {
    this.clock = new ObservedClock()
    this.pending = new Map()
    this.step = null
    this.history = []
    this.actor = null
    let error: string | null = null
    const inspect = (ev: InspectionEvent) => {
      if (!this.actor || ev.actorRef !== this.actor) return
      if (ev.type === '@xstate.event') {
        this.flushStep()
        this.step = { eventType: ev.event.type, keys: [], actions: [] }
      } else if (ev.type === '@xstate.microstep' && this.step) {
        for (const t of ev._transitions) {
          const key = transitionKeyOf(t)
          if (key) this.step.keys.push(key)
        }
      } else if (ev.type === '@xstate.action' && this.step && !ev.action.type.startsWith('xstate.')) {
        this.step.actions.push(ev.action.type)
      }
    }
    try {
      this.actor = createActor(this.sandbox, { clock: this.clock, input: this.input, inspect })
    } catch (e) {
      error = describeError(e)
    }
    this.state = {
      snapshot: (this.actor?.getSnapshot() as AnyMachineSnapshot | undefined) ?? null,
      lastTransitionKeys: [],
      pending: [],
      timers: [],
      now: 0,
      history: [],
      error,
    }
    if (!this.actor) return
    this.actor.subscribe({
      next: () => this.publish(),
      error: (e) => {
        this.state = { ...this.state, error: describeError(e) }
        this.publish()
      },
    })
    this.actor.start()
    this.publish()
  }

  private flushStep() {
    const step = this.step
    this.step = null
    if (!step || step.eventType === 'xstate.init') return
    this.history.unshift({ at: this.clock.now(), eventType: step.eventType, transitionKeys: step.keys, actions: step.actions })
    if (this.history.length > 20) this.history.length = 20
  }

  private publish() {
    if (!this.actor) return
    const keys = this.step?.keys ?? []
    this.flushStep()
    const now = this.clock.now()
    const snapshot = this.actor.getSnapshot() as AnyMachineSnapshot
    this.state = {
      snapshot,
      lastTransitionKeys: keys.length ? [...new Set(keys)] : this.state.lastTransitionKeys,
      pending: [...this.pending.values()],
      timers: [...this.clock.waiting].map(([id, t]) => ({ id, dueIn: t.start + t.timeout - now })).sort((a, b) => a.dueIn - b.dueIn),
      now,
      history: [...this.history],
      error: this.state.error ?? (snapshot.status === 'error' ? describeError(snapshot.error) : null),
    }
    this.listeners.forEach((l) => l())
  }

  getState = (): SimulationState => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Runs a reviewer action, turning what it throws into the shown error. */
  private guarded(run: () => void) {
    try {
      run()
    } catch (e) {
      this.state = { ...this.state, error: describeError(e) }
    }
    this.publish()
  }

  send(event: AnyEventObject) {
    this.guarded(() => this.actor?.send(event))
  }

  /** Advances fake time, firing every `after` delay that comes due. */
  advance(ms: number) {
    this.guarded(() => this.clock.increment(ms))
  }

  resolve(child: PendingCall, output: unknown) {
    child.resolve(output)
  }

  reject(child: PendingCall, error: unknown) {
    child.reject(error)
  }

  /** Starts over from the initial state (with a new input when given). */
  reset(input?: unknown) {
    if (input !== undefined) this.input = input
    this.actor?.stop()
    this.start()
  }

  stop() {
    this.actor?.stop()
    this.listeners.clear()
  }
}
