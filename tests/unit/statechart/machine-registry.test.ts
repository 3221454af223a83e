import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMachine, StateMachine } from 'xstate'
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

  it('lists every machine that src/machines/*/*.machine.ts exports, as reading the folder finds them', async () => {
    // The oracle: the folder listed with fs and each file imported as the app imports it, not the
    // registry's glob; a machine is what xstate's StateMachine class made.
    const root = join(__dirname, '../../..')
    const found: Array<{ id: string; file: string; exportName: string }> = []
    const folders = readdirSync(join(root, 'src/machines'), { withFileTypes: true }).filter((entry) => entry.isDirectory())
    for (const folder of folders) {
      const files = readdirSync(join(root, 'src/machines', folder.name)).filter((name) => name.endsWith('.machine.ts'))
      for (const name of files) {
        const file = `/src/machines/${folder.name}/${name}`
        const module = (await import(/* @vite-ignore */ join(root, file))) as Record<string, unknown>
        const machines = new Set<unknown>()
        for (const [exportName, value] of Object.entries(module)) {
          if (!(value instanceof StateMachine) || machines.has(value)) continue
          machines.add(value)
          found.push({ id: value.id, file, exportName })
        }
      }
    }
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
    const listed = (await loadMachines()).map(({ id, file, exportName }) => ({ id, file, exportName }))
    expect(listed.sort(byId)).toEqual(found.sort(byId))
    expect(new Set(found.map((machine) => machine.id)).size).toBe(found.length)
    expect(
      folders.filter((folder) => !found.some((machine) => machine.file.startsWith(`/src/machines/${folder.name}/`))).map((f) => f.name),
      'folders without a machine',
    ).toEqual([])
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
