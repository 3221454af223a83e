import type { AnyStateMachine } from 'xstate'

/**
 * Every statechart of the app, found by file name: each exported XState machine of
 * `src/machines/<name>/<name>.machine.ts`. A machine added there appears in the visualiser
 * (/statecharts) without touching it.
 *
 * The glob is lazy and its imports carry a query of their own, so the visualiser loads its own
 * copies of the machine modules: the modules the chat imports keep exactly the chunks they had
 * (importing the very same modules from here would make the bundler split every machine into a
 * chunk of its own, shared with this route, and the chat would load more files).
 */
const machineModules = import.meta.glob('/src/machines/*/*.machine.ts', { query: '?statechart' })

/** One machine's entry in the model tests' report (`npm run test:model` writes reports/model-tests.json). */
export interface MachineTestReport {
  paths: number
  passed: number
  failed: number
  states_total: number
  states_covered: number
  transitions_total: number
  transitions_covered: number
  covered_transitions?: string[]
}

/** The report: machine id to its entry. */
export type ModelTestReport = Record<string, MachineTestReport>

/**
 * The last model-test report (`npm run test:model` writes reports/model-tests.json), read at build
 * time: with no report yet this is simply empty.
 */
const reportModules = import.meta.glob<ModelTestReport>('/reports/model-tests.json', { eager: true, import: 'default' })

export interface MachineEntry {
  id: string
  machine: AnyStateMachine
  /** The module it comes from, e.g. /src/machines/outgoing-call/outgoing-call.machine.ts. */
  file: string
  exportName: string
  /**
   * What the visualiser starts the machine with when it needs input: the module's
   * `<machineId>SampleInput` export (e.g. `export const outgoingCallSampleInput = {...}` next to
   * `outgoingCallMachine`), when it has one.
   */
  sampleInput?: unknown
}

/** An XState v5 machine (a StateMachine instance): has its config, id and root state node. */
export function isStateMachine(value: unknown): value is AnyStateMachine {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.id === 'string' &&
    typeof v.config === 'object' &&
    v.config !== null &&
    typeof v.root === 'object' &&
    v.root !== null &&
    typeof v.provide === 'function' &&
    typeof v.getInitialSnapshot === 'function'
  )
}

/**
 * The machines exported by the given modules, sorted by id. A machine exported twice (by name and
 * as default) is listed once; two different machines with the same id keep the first and get
 * `<id>~<export>` for the next.
 */
export function machinesFromModules(modules: Record<string, Record<string, unknown>>): MachineEntry[] {
  const entries: MachineEntry[] = []
  const seen = new Set<AnyStateMachine>()
  for (const file of Object.keys(modules).sort()) {
    for (const [exportName, value] of Object.entries(modules[file]!)) {
      if (!isStateMachine(value) || seen.has(value)) continue
      seen.add(value)
      const taken = entries.some((e) => e.id === value.id)
      const sampleInput = modules[file]![`${value.id}SampleInput`]
      entries.push({
        id: taken ? `${value.id}~${exportName}` : value.id,
        machine: value,
        file,
        exportName,
        ...(sampleInput !== undefined ? { sampleInput } : {}),
      })
    }
  }
  return entries.sort((a, b) => a.id.localeCompare(b.id))
}

let loading: Promise<MachineEntry[]> | null = null

/** Loads every machine module (once) and returns the machines they export. */
export function loadMachines(): Promise<MachineEntry[]> {
  loading ??= Promise.all(
    Object.entries(machineModules).map(
      async ([file, load]) => [file.replace(/\?.*$/, ''), (await load()) as Record<string, unknown>] as const,
    ),
  ).then((loaded) => machinesFromModules(Object.fromEntries(loaded)))
  loading.catch(() => {
    loading = null
  })
  return loading
}

export async function loadMachine(id: string): Promise<MachineEntry | undefined> {
  return (await loadMachines()).find((e) => e.id === id)
}

export const modelTestReport: ModelTestReport | null = Object.values(reportModules)[0] ?? null
