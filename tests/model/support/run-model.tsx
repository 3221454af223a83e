/**
 * Runs the generated paths of a machine against its real component.
 *
 * For every path (paths.ts) a test: a real actor of the machine (injected actors replaced by the
 * controllable stand-ins of src/devtools/statecharts/stand-ins.ts, which the visualiser uses too;
 * injected actions by spies) renders the component the app uses through testing-library; each
 * step is performed the way a user does it where the test says how (click, type), otherwise sent to
 * the actor; an invoke result resolves or rejects the stand-in promise actor the machine really
 * started; a delay advances fake timers (and first checks nothing happens a millisecond early).
 * After every step the real snapshot must equal the model's, and the state's UI assertions run:
 * every active leaf state needs its own entry in `states`.
 */
import { createElement, type ReactElement } from 'react'
import { afterAll, describe, expect, it, vi, type Mock } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useSelector } from '@xstate/react'
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  type Actor,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type SnapshotFrom,
} from 'xstate'
import { callbackStandIn, promiseStandIn, type CallbackCall, type PendingCall } from '../../../src/devtools/statecharts/stand-ins'
import { generatePaths, type GeneratedStep, type PathSpec } from './paths'
import { CoverageRecorder } from './report'
import { activePathsOf, stateNodesOf, statePath, transitionKey, type TransitionLike } from './statechart'

export interface ModelKit<TMachine extends AnyStateMachine> {
  actor: Actor<TMachine>
  user: UserEvent
  screen: typeof screen
  container: HTMLElement
  /** Spies standing in for the injected actions listed in `spyActions`. */
  actions: Record<string, Mock>
  /** Every promise actor the machine started, oldest first. */
  calls: PendingCall[]
  /** The last unsettled call of an invoke id; fails when the machine did not start one. */
  pending: (id: string) => PendingCall
  resolve: (id: string, output: unknown) => Promise<void>
  reject: (id: string, error: unknown) => Promise<void>
  /** Sends an event to the actor, as the app (socket, window) would. */
  send: (event: EventFromLogic<TMachine>) => Promise<void>
  /** Every callback actor (`callbackActors`) the machine started, oldest first. */
  callbacks: CallbackCall[]
  /** Sends an event as the running callback actor of that src. */
  sendBack: (src: string, event: EventObject) => Promise<void>
  advance: (ms: number) => Promise<void>
  /** HTMLMediaElement play / pause (the test DOM plays no media): the tones. */
  media: { play: Mock; pause: Mock }
  /** The snapshot before the step being performed. */
  previous: SnapshotFrom<TMachine>
}

type StateAssertion<TMachine extends AnyStateMachine> = (expected: SnapshotFrom<TMachine>, kit: ModelKit<TMachine>) => void | Promise<void>
type Performer<TMachine extends AnyStateMachine> = (event: AnyEventObject, kit: ModelKit<TMachine>) => void | Promise<void>

export interface ModelTestSpec<TMachine extends AnyStateMachine> extends PathSpec<TMachine> {
  /** The real component, as the app renders it from the actor. */
  render: (snapshot: SnapshotFrom<TMachine>, send: (event: EventFromLogic<TMachine>) => void, actor: Actor<TMachine>) => ReactElement | null
  /** Awaited after the first render, before the initial state is checked (e.g. a router settling). */
  ready?: (kit: ModelKit<TMachine>) => Promise<void>
  /** What a user sees, per state path ('ringing', 'open.saving'; '*' runs in every state). */
  states: Record<string, StateAssertion<TMachine>>
  /** How a user performs an event type (click, type); others are sent / resolved / timed. */
  perform?: Record<string, Performer<TMachine>>
  /** Injected actions replaced by spies (kit.actions). */
  spyActions?: readonly string[]
  /** fromCallback actors: replaced by a stub whose sendBack is kit.sendBack(src, event). */
  callbackActors?: readonly string[]
  /** Actor implementations to keep or provide as they are (e.g. a child machine). */
  actors?: Record<string, AnyActorLogic>
  /** The part of the context compared with the model's after each step (default: all of it). */
  contextOf?: (context: SnapshotFrom<TMachine>['context']) => unknown
}

function Harness<TMachine extends AnyStateMachine>({ actor, view }: { actor: Actor<TMachine>; view: ModelTestSpec<TMachine>['render'] }) {
  const snapshot = useSelector(actor, (s) => s)
  return view(snapshot, actor.send, actor)
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve()
  })

interface DelayedTransition extends TransitionLike {
  delay: number | string
}

function delayOf(machine: AnyStateMachine, snapshot: { context: unknown }, eventType: string): number {
  for (const node of stateNodesOf(machine)) {
    for (const transition of (node as unknown as { after: DelayedTransition[] }).after ?? []) {
      if (transition.eventType !== eventType) continue
      if (typeof transition.delay === 'number') return transition.delay
      const delay = (machine.implementations.delays as Record<string, unknown>)[transition.delay]
      if (typeof delay === 'number') return delay
      if (typeof delay === 'function')
        return (delay as (args: unknown, params: unknown) => number)({ context: snapshot.context, event: { type: eventType } }, undefined)
      throw new Error(`unknown delay ${transition.delay}`)
    }
  }
  throw new Error(`no delayed transition for ${eventType}`)
}

interface RunningKit<TMachine extends AnyStateMachine> extends ModelKit<TMachine> {
  states: Set<string>
  transitions: Set<string>
  stop: () => void
}

function startKit<TMachine extends AnyStateMachine>(spec: ModelTestSpec<TMachine>, input: unknown): RunningKit<TMachine> {
  const calls: PendingCall[] = []
  const callbacks: CallbackCall[] = []
  const actions = Object.fromEntries((spec.spyActions ?? []).map((name) => [name, vi.fn()]))
  const actors: Record<string, AnyActorLogic> = {}
  for (const [src, logic] of Object.entries(spec.machine.implementations.actors as Record<string, AnyActorLogic>)) {
    if (spec.actors?.[src]) actors[src] = spec.actors[src]
    else if (spec.callbackActors?.includes(src)) actors[src] = callbackStandIn(src, (call) => callbacks.push(call))
    else if ('__xstatenode' in logic) actors[src] = logic
    else actors[src] = promiseStandIn(src, { started: (call) => calls.push(call) })
  }
  const machine = spec.machine.provide({ actors, actions } as never) as TMachine
  const states = new Set<string>()
  const transitions = new Set<string>()
  const actor = createActor(machine, {
    input,
    inspect: (event: { type: string; actorRef: unknown }) => {
      if (event.type !== '@xstate.microstep' || (event.actorRef as unknown as { logic: unknown }).logic !== machine) return
      for (const transition of (event as unknown as { _transitions: TransitionLike[] })._transitions) {
        transitions.add(transitionKey(transition))
        for (const path of activePathsOf(transition)) states.add(path)
      }
    },
  } as never) as Actor<TMachine>
  actor.start()
  const media = {
    play: vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve()) as unknown as Mock,
    pause: vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {}) as unknown as Mock,
  }
  // Fake timers: user-event waits through them, and testing-library's async wrapper drains its
  // setTimeout(0) through the `jest` global it looks for (vitest's fake clock stands in).
  const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
  ;(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) }
  const { container } = render(createElement(I18nProvider, { i18n }, createElement(Harness<TMachine>, { actor, view: spec.render })))
  const pending = (id: string) => {
    const call = [...calls].reverse().find((c) => c.id === id && !c.settled)
    if (!call)
      throw new Error(
        `the machine has no running "${id}" actor (started: ${calls.map((c) => `${c.id}${c.settled ? ' (settled)' : ''}`).join(', ') || 'none'})`,
      )
    return call
  }
  const kit: RunningKit<TMachine> = {
    actor,
    user,
    screen,
    container,
    actions,
    calls,
    callbacks,
    media,
    states,
    transitions,
    previous: actor.getSnapshot(),
    pending,
    resolve: async (id, output) => {
      const call = pending(id)
      await act(async () => call.resolve(output))
      await flush()
    },
    reject: async (id, error) => {
      const call = pending(id)
      await act(async () => call.reject(error))
      await flush()
    },
    send: async (event) => {
      await act(async () => actor.send(event))
    },
    sendBack: async (src, event) => {
      const call = [...callbacks].reverse().find((c) => c.src === src && !c.stopped)
      if (!call) throw new Error(`the "${src}" callback actor is not running`)
      await act(async () => call.sendBack(event))
    },
    advance: async (ms) => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms)
      })
    },
    stop: () => {
      cleanup()
      actor.stop()
      delete (globalThis as { jest?: unknown }).jest
      media.play.mockRestore()
      media.pause.mockRestore()
    },
  }
  return kit
}

async function performStep<TMachine extends AnyStateMachine>(
  spec: ModelTestSpec<TMachine>,
  kit: RunningKit<TMachine>,
  step: GeneratedStep,
) {
  const event = step.event
  if (event.type === 'xstate.init') return
  const before = kit.actor.getSnapshot() as AnyMachineSnapshot
  kit.previous = before as SnapshotFrom<TMachine>
  const performer = spec.perform?.[event.type]
  if (performer) await performer(event, kit)
  else if (event.type.startsWith('xstate.after.')) {
    const ms = delayOf(spec.machine, before, event.type)
    const others = __unsafe_getAllOwnEventDescriptors(before as never)
      .filter((type: string) => type.startsWith('xstate.after.') && type !== event.type)
      .map((type: string) => delayOf(spec.machine, before as AnyMachineSnapshot, type))
    if (ms > 0 && others.every((other: number) => other >= ms)) {
      await kit.advance(ms - 1)
      expect((kit.actor.getSnapshot() as AnyMachineSnapshot).value, `nothing happens before ${ms} ms`).toEqual(before.value)
      await kit.advance(1)
    } else await kit.advance(ms)
  } else if (event.type.startsWith('xstate.done.actor.')) await kit.resolve(event.type.slice('xstate.done.actor.'.length), event.output)
  else if (event.type.startsWith('xstate.error.actor.')) await kit.reject(event.type.slice('xstate.error.actor.'.length), event.error)
  else await kit.send(event as EventFromLogic<TMachine>)
  await flush()
}

async function assertState<TMachine extends AnyStateMachine>(
  spec: ModelTestSpec<TMachine>,
  kit: RunningKit<TMachine>,
  expectedSnapshot: SnapshotFrom<TMachine>,
) {
  const expected = expectedSnapshot as unknown as AnyMachineSnapshot & { _nodes: (TransitionLike['source'] & { type: string })[] }
  const actual = kit.actor.getSnapshot() as unknown as AnyMachineSnapshot & { _nodes: TransitionLike['source'][] }
  const contextOf = (spec.contextOf ?? ((context: unknown) => context)) as (context: unknown) => unknown
  expect(actual.value, 'state value').toEqual(expected.value)
  expect(actual.status, 'status').toBe(expected.status)
  expect(contextOf(actual.context), 'context').toEqual(contextOf(expected.context))
  for (const node of actual._nodes) if (node.path.length) kit.states.add(statePath(node))
  const leaves = expected._nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map(statePath)
  const keys = Object.keys(spec.states).filter((key) => key !== '*' && expected.matches(key))
  const missing = leaves.filter((leaf) => !keys.includes(leaf))
  if (missing.length) throw new Error(`no UI assertion for state ${missing.join(', ')}`)
  if (spec.states['*']) await spec.states['*'](expectedSnapshot, kit)
  for (const key of keys) await spec.states[key](expectedSnapshot, kit)
}

/** Generates the machine's paths and one test per path; writes the machine's report entry. */
export function describeModel<TMachine extends AnyStateMachine>(spec: ModelTestSpec<TMachine>) {
  const generated = generatePaths(spec)
  const recorder = new CoverageRecorder(spec.machine, generated.paths.length)
  describe(`${spec.machine.id}: ${generated.paths.length} generated paths`, () => {
    afterAll(() => recorder.write())

    it('the generated paths take every state and transition of the definition', () => {
      const states = new Set(
        generated.paths.flatMap((path) =>
          path.steps.flatMap((step) => [
            ...(step.state as unknown as { _nodes: TransitionLike['source'][] })._nodes.map(statePath),
            ...step.sources,
          ]),
        ),
      )
      expect(
        recorder.inventory.states.filter((state) => !states.has(state)),
        'states no path reaches',
      ).toEqual([])
      expect(
        recorder.inventory.transitions.filter((transition) => !generated.predictedTransitions.has(transition)),
        'transitions no path takes',
      ).toEqual([])
    })

    for (const path of generated.paths) {
      it(path.description, async () => {
        vi.useFakeTimers()
        const kit = startKit(spec, path.input)
        try {
          if (spec.ready) await spec.ready(kit)
          await generated.model.testPath(
            path as never,
            {
              states: { '*': (expected: SnapshotFrom<TMachine>) => assertState(spec, kit, expected) },
              events: new Proxy({}, { get: () => (step: GeneratedStep) => performStep(spec, kit, step) }),
            } as never,
          )
          recorder.pass(kit.states, kit.transitions)
        } catch (error) {
          recorder.fail()
          throw error
        } finally {
          kit.stop()
          vi.useRealTimers()
        }
      })
    }
  })
}
