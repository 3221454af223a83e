/**
 * Coverage bookkeeping and `reports/model-tests.json`.
 *
 * One entry per machine id, merged into the file (each test file writes its own machines' entries):
 *
 *     { "<machineId>": { "paths", "passed", "failed", "states_total", "states_covered",
 *                        "transitions_total", "transitions_covered", "covered_transitions": [...],
 *                        "uncovered_states": [...], "uncovered_transitions": [...] } }
 *
 * Totals come from the machine definition (statechart.ts); "covered" counts only what passing
 * paths actually did on the real actor: the state nodes its snapshots held and the transitions its
 * microsteps took (XState inspection). `covered_transitions` holds transition keys in the shape
 * documented in statechart.ts: `<sourceStatePath> --<eventType>[<guard>]--> <targetStatePath>`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { AnyStateMachine } from 'xstate'
import type { MachineTestReport } from '../../../src/devtools/statecharts/machine-registry'
import { inventoryOf } from './statechart'

export const REPORT_FILE = resolve(process.cwd(), 'reports/model-tests.json')

/** What the visualiser reads (MachineTestReport), with the lists of what is not covered. */
export interface MachineReport extends Required<MachineTestReport> {
  uncovered_states: string[]
  uncovered_transitions: string[]
}

export type ModelReport = Record<string, MachineReport>

export class CoverageRecorder {
  readonly inventory: { states: string[]; transitions: string[] }
  private readonly states = new Set<string>()
  private readonly transitions = new Set<string>()
  private passed = 0
  private failed = 0

  constructor(
    readonly machine: AnyStateMachine,
    readonly paths: number,
  ) {
    this.inventory = inventoryOf(machine)
  }

  /** A path passed: count what it did. */
  pass(states: Iterable<string>, transitions: Iterable<string>) {
    this.passed++
    for (const state of states) this.states.add(state)
    for (const transition of transitions) this.transitions.add(transition)
  }

  fail() {
    this.failed++
  }

  report(): MachineReport {
    const coveredStates = this.inventory.states.filter((state) => this.states.has(state))
    const coveredTransitions = this.inventory.transitions.filter((transition) => this.transitions.has(transition))
    return {
      paths: this.paths,
      passed: this.passed,
      failed: this.failed,
      states_total: this.inventory.states.length,
      states_covered: coveredStates.length,
      transitions_total: this.inventory.transitions.length,
      transitions_covered: coveredTransitions.length,
      covered_transitions: [...coveredTransitions].sort(),
      uncovered_states: this.inventory.states.filter((state) => !this.states.has(state)),
      uncovered_transitions: this.inventory.transitions.filter((transition) => !this.transitions.has(transition)),
    }
  }

  write() {
    mergeReport({ [this.machine.id]: this.report() })
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Merges entries into reports/model-tests.json under a lock (test files run in parallel workers). */
export function mergeReport(entries: ModelReport, file = REPORT_FILE) {
  mkdirSync(dirname(file), { recursive: true })
  const lock = `${file}.lock`
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (attempt > 500) throw new Error(`could not lock ${lock}`)
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10_000) rmSync(lock, { recursive: true, force: true })
      } catch {
        // the holder just released it
      }
      sleep(10)
    }
  }
  try {
    const current: ModelReport = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ModelReport) : {}
    const merged = { ...current, ...entries }
    const sorted = Object.fromEntries(
      Object.keys(merged)
        .sort()
        .map((id) => [id, merged[id]]),
    )
    writeFileSync(`${file}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`)
    renameSync(`${file}.tmp`, file)
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
