/**
 * `npm run test:model`, after the generated model tests: fails unless every machine in
 * src/machines/* /*.machine.ts has a report entry in reports/model-tests.json whose paths all
 * passed and whose coverage is 100 % of the states and transitions of its current definition.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import { REPORT_FILE, type ModelReport } from './support/report'
import { inventoryOf } from './support/statechart'

const MACHINES_DIR = resolve(process.cwd(), 'src/machines')

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && '__xstatenode' in value && 'config' in value && 'id' in value

async function discoverMachines(): Promise<Map<string, { machine: AnyStateMachine; file: string }>> {
  const machines = new Map<string, { machine: AnyStateMachine; file: string }>()
  for (const folder of readdirSync(MACHINES_DIR, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue
    for (const file of readdirSync(join(MACHINES_DIR, folder.name)).filter((name) => name.endsWith('.machine.ts'))) {
      const path = join(MACHINES_DIR, folder.name, file)
      const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>
      for (const value of Object.values(module))
        if (isMachine(value)) machines.set(value.id, { machine: value, file: `src/machines/${folder.name}/${file}` })
    }
  }
  return machines
}

const machines = await discoverMachines()
if (!existsSync(REPORT_FILE)) {
  console.error(`model coverage: ${REPORT_FILE} is missing (run the model tests first)`)
  process.exit(1)
}
const report = JSON.parse(readFileSync(REPORT_FILE, 'utf8')) as ModelReport
const problems: string[] = []
const rows: string[] = []
const pct = (covered: number, total: number) => (total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10)

for (const [id, { machine, file }] of [...machines].sort(([a], [b]) => a.localeCompare(b))) {
  const entry = report[id]
  if (!entry) {
    problems.push(`${id} (${file}): no generated model test ran (add tests/model/<name>.model.test.tsx)`)
    continue
  }
  const inventory = inventoryOf(machine)
  if (entry.states_total !== inventory.states.length || entry.transitions_total !== inventory.transitions.length)
    problems.push(
      `${id}: the report counts ${entry.states_total} states / ${entry.transitions_total} transitions, the definition has ${inventory.states.length} / ${inventory.transitions.length}`,
    )
  if (entry.failed > 0 || entry.passed !== entry.paths) problems.push(`${id}: ${entry.passed} of ${entry.paths} paths passed`)
  if (entry.states_covered < entry.states_total)
    problems.push(`${id}: states ${entry.states_covered}/${entry.states_total}, not covered: ${entry.uncovered_states.join(', ')}`)
  if (entry.transitions_covered < entry.transitions_total)
    problems.push(
      `${id}: transitions ${entry.transitions_covered}/${entry.transitions_total}, not covered:\n    ${entry.uncovered_transitions.join('\n    ')}`,
    )
  rows.push(
    `${id.padEnd(20)} paths ${String(entry.paths).padStart(4)}  passed ${String(entry.passed).padStart(4)}  states ${entry.states_covered}/${entry.states_total} (${pct(entry.states_covered, entry.states_total)} %)  transitions ${entry.transitions_covered}/${entry.transitions_total} (${pct(entry.transitions_covered, entry.transitions_total)} %)`,
  )
}
for (const id of Object.keys(report)) if (!machines.has(id)) problems.push(`${id}: in the report but no such machine in src/machines`)

console.log(
  `model coverage (${machines.size} machines, ${Object.values(report).reduce((sum, entry) => sum + entry.paths, 0)} generated paths)`,
)
for (const row of rows) console.log(`  ${row}`)
if (problems.length) {
  console.error(`\nmodel coverage below 100 %:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log('model coverage: every machine at 100 % of its states and transitions')
