import { describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { isStateMachine, loadMachines, machinesFromModules } from '../../../src/devtools/statecharts/machine-registry'
import { phoneMachine } from './fixture'

describe('machine registry', () => {
  it('takes every exported machine and nothing else', () => {
    const other = createMachine({ id: 'other' })
    const entries = machinesFromModules({
      '/src/machines/phone/phone.machine.ts': {
        phoneMachine,
        default: phoneMachine,
        PHONE_LIMIT: 3,
        connect: () => null,
        config: { id: 'x' },
      },
      '/src/machines/other/other.machine.ts': { other },
    })
    expect(entries.map((e) => [e.id, e.exportName])).toEqual([
      ['other', 'other'],
      ['phone', 'phoneMachine'],
    ])
    expect(isStateMachine({ id: 'x', config: {}, root: {} })).toBe(false)
  })

  it("picks up the module's <machineId>SampleInput export", () => {
    const [entry] = machinesFromModules({ '/p.machine.ts': { phoneMachine, phoneSampleInput: { number: '112' } } })
    expect(entry!.sampleInput).toEqual({ number: '112' })
  })

  it('keeps two different machines with one id apart', () => {
    const a = createMachine({ id: 'same' })
    const b = createMachine({ id: 'same' })
    expect(machinesFromModules({ '/f.machine.ts': { a, b } }).map((e) => e.id)).toEqual(['same', 'same~b'])
  })

  it('discovers the app machines from src/machines', async () => {
    const ids = (await loadMachines()).map((e) => e.id)
    expect(ids).toEqual(expect.arrayContaining(['mobileNav', 'session', 'socketConnection']))
    for (const entry of await loadMachines()) expect(entry.file).toMatch(/^\/src\/machines\/[^/]+\/[^/]+\.machine\.ts$/)
  })
})

describe('every app machine in the visualiser', async () => {
  const { machineToGraph } = await import('../../../src/devtools/statecharts/graph-model')
  const { matchCoverage } = await import('../../../src/devtools/statecharts/coverage')
  const { MachineSimulation } = await import('../../../src/devtools/statecharts/simulation')
  const { inventoryOf } = await import('../../model/support/statechart')
  const entries = await loadMachines()

  it.each(entries.map((e) => [e.id, e] as const))('%s: the model-test report strings name every drawn edge', (_id, entry) => {
    const graph = machineToGraph(entry.machine)
    const { coveredEdgeIds, unmatched } = matchCoverage(graph, inventoryOf(entry.machine).transitions)
    expect(unmatched).toEqual([])
    expect(coveredEdgeIds.size).toBe(graph.edges.length)
  })

  it.each(entries.map((e) => [e.id, e] as const))('%s: starts in the simulation with its sample input', (_id, entry) => {
    const sim = new MachineSimulation(entry.machine, entry.sampleInput ?? {})
    expect(sim.getState().error).toBeNull()
    expect(sim.getState().snapshot?.status).toBe('active')
    sim.stop()
  })
})
