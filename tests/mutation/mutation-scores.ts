// The mutation score of each machine, kept in docs/mutation-scores.json and shown as the table of
// docs/mutation-testing.md, which this script writes: nobody edits the table by hand.
//
//   node --import tsx tests/mutation/mutation-scores.ts [report.json ...]
//
// With Stryker JSON reports (reports/mutation/mutation.json of `npm run test:mutation`, or of
// `stryker.unit.mjs`'s second look), every machine those reports mutated gets its counts from them,
// dated today: a mutant counts as killed when any of the reports killed it (or timed it out), so a
// full run and a later unit-only run of its survivors combine. Without arguments it only writes
// the table again from the JSON.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface MachineScore {
  killed: number
  survived: number
  noCoverage: number
  /** The day the counts were measured (YYYY-MM-DD). */
  measured: string
  /** How, when more than one run was combined or the code changed since. */
  note?: string
}
export type Scores = Record<string, MachineScore>

/** Stryker's mutation-testing-report-schema, the parts read here. */
export interface StrykerReport {
  files: Record<
    string,
    { mutants: Array<{ mutatorName: string; replacement?: string; status: string; location: { start: { line: number; column: number } } }> }
  >
}

const KILLED = new Set(['Killed', 'Timeout'])
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])

const machineOf = (file: string): string | undefined => /(?:^|\/)src\/machines\/([^/]+)\//.exec(file.replaceAll('\\', '/'))?.[1]

/** Each machine's counts from one or more reports; a mutant (file, position, mutator, replacement) is killed when any report killed it. */
export function countReports(reports: StrykerReport[]): Record<string, Omit<MachineScore, 'measured'>> {
  const mutants = new Map<string, { machine: string; status: string }>()
  for (const report of reports) {
    for (const [file, { mutants: list }] of Object.entries(report.files)) {
      const machine = machineOf(file)
      if (!machine) continue
      for (const m of list) {
        if (!COUNTED.has(m.status)) continue
        const key = `${file}:${m.location.start.line}:${m.location.start.column}:${m.mutatorName}:${m.replacement ?? ''}`
        const before = mutants.get(key)
        if (
          !before ||
          (!KILLED.has(before.status) && (KILLED.has(m.status) || (before.status === 'NoCoverage' && m.status === 'Survived')))
        )
          mutants.set(key, { machine, status: m.status })
      }
    }
  }
  const counts: Record<string, Omit<MachineScore, 'measured'>> = {}
  for (const { machine, status } of mutants.values()) {
    const c = (counts[machine] ??= { killed: 0, survived: 0, noCoverage: 0 })
    if (KILLED.has(status)) c.killed++
    else if (status === 'Survived') c.survived++
    else c.noCoverage++
  }
  return counts
}

/** Stryker's score: killed over every counted mutant, in per cent with one decimal. */
export const scoreOf = ({ killed, survived, noCoverage }: Pick<MachineScore, 'killed' | 'survived' | 'noCoverage'>): string =>
  `${((100 * killed) / (killed + survived + noCoverage)).toFixed(1)} %`

const thousands = (n: number) => n.toLocaleString('en-US')

/** The markdown table: one row per machine, then the total. */
export function renderTable(scores: Scores): string {
  const names = Object.keys(scores).sort()
  const rows = names.map((name) => {
    const s = scores[name]!
    return `| ${name} | ${scoreOf(s)} | ${s.killed} | ${s.survived} | ${s.noCoverage} | ${s.measured} | ${s.note ?? ''} |`
  })
  const total = names.reduce(
    (t, n) => ({
      killed: t.killed + scores[n]!.killed,
      survived: t.survived + scores[n]!.survived,
      noCoverage: t.noCoverage + scores[n]!.noCoverage,
    }),
    {
      killed: 0,
      survived: 0,
      noCoverage: 0,
    },
  )
  return [
    '| machine | score | killed | survived | no coverage | measured | note |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    `| **all ${names.length}** | **${scoreOf(total)}** | ${thousands(total.killed)} | ${total.survived} | ${total.noCoverage} | | |`,
  ].join('\n')
}

export const START = '<!-- mutation-scores:start (written by tests/mutation/mutation-scores.ts) -->'
export const END = '<!-- mutation-scores:end -->'

/** The document with the table between its markers replaced. */
export function withTable(doc: string, scores: Scores): string {
  const from = doc.indexOf(START)
  const to = doc.indexOf(END)
  if (from < 0 || to < from) throw new Error(`the document has no ${START} ... ${END} markers`)
  return `${doc.slice(0, from + START.length)}\n${renderTable(scores)}\n${doc.slice(to)}`
}

export const SCORES_FILE = path.join(import.meta.dirname, '../../docs/mutation-scores.json')
export const TABLE_FILE = path.join(import.meta.dirname, '../../docs/mutation-testing.md')

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const scores: Scores = JSON.parse(readFileSync(SCORES_FILE, 'utf8'))
  const reports = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')) as StrykerReport)
  const today = new Date().toISOString().slice(0, 10)
  for (const [machine, counts] of Object.entries(countReports(reports))) {
    scores[machine] = { ...counts, measured: today, ...(reports.length > 1 && { note: `${reports.length} runs combined` }) }
    console.log(`${machine}: ${scoreOf(counts)}`)
  }
  const sorted = Object.fromEntries(Object.entries(scores).sort(([a], [b]) => a.localeCompare(b)))
  writeFileSync(SCORES_FILE, `${JSON.stringify(sorted, null, 2)}\n`)
  writeFileSync(TABLE_FILE, withTable(readFileSync(TABLE_FILE, 'utf8'), sorted))
}
