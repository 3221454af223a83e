// @vitest-environment node
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { countReports, END, renderTable, SCORES_FILE, START, TABLE_FILE, withTable, type StrykerReport } from '../mutation/mutation-scores'

const mutant = (line: number, status: string, mutatorName = 'ConditionalExpression') => ({
  mutatorName,
  replacement: 'true',
  status,
  location: { start: { line, column: 3 } },
})

describe('the mutation-score table', () => {
  it('in docs/mutation-testing.md is the one the script writes from docs/mutation-scores.json', () => {
    const doc = readFileSync(TABLE_FILE, 'utf8')
    expect(doc).toBe(withTable(doc, JSON.parse(readFileSync(SCORES_FILE, 'utf8'))))
  })

  it('counts each machine of a report, timeouts as killed, and leaves out what did not run', () => {
    const report: StrykerReport = {
      files: {
        'src/machines/outbox/outbox.machine.ts': {
          mutants: [
            mutant(1, 'Killed'),
            mutant(2, 'Timeout'),
            mutant(3, 'Survived'),
            mutant(4, 'NoCoverage'),
            mutant(5, 'CompileError'),
            mutant(6, 'Ignored'),
          ],
        },
        'src/machines/outbox/outbox.connect.ts': { mutants: [mutant(1, 'Survived')] },
        'src/machines/upload/upload.machine.ts': { mutants: [mutant(1, 'Killed')] },
        'src/services/outbox.ts': { mutants: [mutant(1, 'Survived')] },
      },
    }
    expect(countReports([report])).toEqual({
      outbox: { killed: 2, survived: 2, noCoverage: 1 },
      upload: { killed: 1, survived: 0, noCoverage: 0 },
    })
  })

  it('combines a full run and a second look by mutant: killed when either killed it', () => {
    const file = 'src/machines/composer/composer.machine.ts'
    const full: StrykerReport = {
      files: { [file]: { mutants: [mutant(1, 'Survived'), mutant(2, 'Survived'), mutant(3, 'NoCoverage'), mutant(4, 'Killed')] } },
    }
    const second: StrykerReport = { files: { [file]: { mutants: [mutant(1, 'Killed'), mutant(2, 'Survived'), mutant(3, 'Survived')] } } }
    expect(countReports([full, second])).toEqual({ composer: { killed: 2, survived: 2, noCoverage: 0 } })
    expect(countReports([second, full])).toEqual({ composer: { killed: 2, survived: 2, noCoverage: 0 } })
  })

  it('shows each score and the total over every mutant, not the mean of the scores', () => {
    const table = renderTable({
      a: { killed: 9, survived: 1, noCoverage: 0, measured: '2026-11-01' },
      b: { killed: 1, survived: 0, noCoverage: 1, measured: '2026-11-02', note: 'n' },
    })
    expect(table.split('\n')).toEqual([
      '| machine | score | killed | survived | no coverage | measured | note |',
      '|---|---|---|---|---|---|---|',
      '| a | 90.0 % | 9 | 1 | 0 | 2026-11-01 |  |',
      '| b | 50.0 % | 1 | 0 | 1 | 2026-11-02 | n |',
      '| **all 2** | **83.3 %** | 10 | 1 | 1 | | |',
    ])
  })

  it('refuses a document without its markers', () => {
    expect(() => withTable('# no markers', {})).toThrow(START)
    expect(withTable(`x\n${START}\nold\n${END}\ny`, {})).not.toContain('old')
  })
})
