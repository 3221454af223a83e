import { describe, expect, it } from 'vitest'
import { candidateEventTypes, eventEnabled, MachineSimulation } from '../../../src/devtools/statecharts/simulation'
import { machineToGraph } from '../../../src/devtools/statecharts/graph-model'
import { phoneMachine } from './fixture'

const graph = machineToGraph(phoneMachine)
const keyOf = (source: string, eventType: string) =>
  graph.edges.find((e) => e.sourcePath === source && e.label.eventType === eventType)!.transitionKey
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('MachineSimulation', () => {
  it('sends events, records the transitions taken, and stubs invoked actors and side effects', async () => {
    const sim = new MachineSimulation(phoneMachine)
    expect(sim.getState().snapshot!.value).toBe('idle')
    expect(candidateEventTypes(sim.getState().snapshot!)).toEqual(expect.arrayContaining(['CALL', 'PING']))

    sim.send({ type: 'CALL' })
    await tick()
    const state = sim.getState()
    expect(state.error).toBeNull()
    expect(state.snapshot!.value).toEqual({ calling: 'ringing' })
    expect(state.lastTransitionKeys).toEqual([keyOf('idle', 'CALL'), keyOf('calling.dialing', '')])
    // The real dial actor would have resolved at once; the stand-in waits for the reviewer.
    expect(state.pending.map((p) => [p.id, p.src])).toEqual([['dialer', 'dial']])
    expect(state.history[0]).toMatchObject({ eventType: 'CALL', actions: ['beep'] })
    sim.stop()
  })

  it('fires after-delays only when fake time is advanced', async () => {
    const sim = new MachineSimulation(phoneMachine)
    sim.send({ type: 'CALL' })
    expect(sim.getState().timers.map((t) => t.dueIn)).toEqual([500, 60_000])
    sim.advance(59_000)
    expect(sim.getState().snapshot!.value).toEqual({ calling: 'ringing' })
    sim.advance(1_000)
    expect(sim.getState().snapshot!.value).toBe('missed')
    expect(sim.getState().snapshot!.status).toBe('done')
    expect(sim.getState().now).toBe(60_000)
    expect(sim.getState().lastTransitionKeys).toContain(keyOf('calling.ringing', 'xstate.after.ringTimeout.phone.calling.ringing'))
    sim.stop()
  })

  it('resolves and rejects invoked actors on request', async () => {
    const sim = new MachineSimulation(phoneMachine)
    sim.send({ type: 'CALL' })
    await tick()
    sim.reject(sim.getState().pending[0]!, new Error('busy'))
    await tick()
    expect(sim.getState().snapshot!.value).toBe('failed')
    expect(sim.getState().lastTransitionKeys).toEqual([keyOf('calling', 'xstate.error.actor.dialer')])

    sim.reset()
    expect(sim.getState().snapshot!.value).toBe('idle')
    expect(sim.getState().history).toEqual([])
    sim.send({ type: 'CALL' })
    await tick()
    sim.resolve(sim.getState().pending[0]!, 'ok')
    await tick()
    expect(sim.getState().snapshot!.value).toEqual({ calling: 'ringing' })
    expect(sim.getState().pending).toEqual([])
    sim.stop()
  })

  it('says which events are enabled, and unknown when a guard needs payload', () => {
    const sim = new MachineSimulation(phoneMachine)
    const snapshot = sim.getState().snapshot!
    expect(eventEnabled(snapshot, { type: 'CALL' })).toBe('yes')
    expect(eventEnabled(snapshot, { type: 'ANSWER' })).toBe('no')
    sim.stop()
  })

  it('reports a machine that throws instead of crashing', async () => {
    const sim = new MachineSimulation(
      phoneMachine.provide({ guards: { canCall: ({ event }) => (event as unknown as { x: { y: boolean } }).x.y } }),
    )
    expect(eventEnabled(sim.getState().snapshot!, { type: 'CALL' })).toBe('unknown')
    sim.send({ type: 'CALL' })
    await tick()
    expect(sim.getState().error).toMatch(/guard 'canCall'/)
    sim.reset()
    expect(sim.getState().error).toBeNull()
    sim.stop()
  })
})
