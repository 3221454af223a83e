import { Trans } from '@lingui/react/macro'
import type { MachineTestReport, ModelTestReport } from '../../devtools/statecharts/machine-registry'

const percent = (covered: number, total: number) => (total ? Math.floor((covered / total) * 100) : 100)

/** Pass / fail badge of one machine's model tests. */
export function TestResultBadge({ result }: { result: MachineTestReport }) {
  const failed = result.failed > 0
  return (
    <span
      data-testid="model-test-result"
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        failed ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200'
      }`}
    >
      {failed ? <Trans>{result.failed} failed</Trans> : <Trans>passed</Trans>}
    </span>
  )
}

/** The figures of the last model-test report for one machine, or why there are none. */
export function CoverageSummary({
  report,
  machineId,
  unmatched,
}: {
  report: ModelTestReport | null
  machineId: string
  unmatched: number
}) {
  const result = report?.[machineId]
  if (!report) {
    return (
      <p data-testid="coverage-summary" className="text-sm text-slate-600">
        <Trans>No model-test report yet</Trans>{' '}
        <span className="text-slate-400">
          <Trans>(run npm run test:model, then build)</Trans>
        </span>
      </p>
    )
  }
  if (!result) {
    return (
      <p data-testid="coverage-summary" className="text-sm text-slate-600">
        <Trans>The last model-test report has no tests for this machine.</Trans>
      </p>
    )
  }
  const states = percent(result.states_covered, result.states_total)
  const transitions = percent(result.transitions_covered, result.transitions_total)
  return (
    <div data-testid="coverage-summary" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
      <span className="font-medium">
        <Trans>Model tests</Trans>
      </span>
      <TestResultBadge result={result} />
      <span>
        <Trans>
          {result.paths} paths, {result.passed} passed, {result.failed} failed
        </Trans>
      </span>
      <span>
        <Trans>
          states {result.states_covered}/{result.states_total} ({states}%)
        </Trans>
      </span>
      <span>
        <Trans>
          transitions {result.transitions_covered}/{result.transitions_total} ({transitions}%)
        </Trans>
      </span>
      {unmatched > 0 && (
        <span className="text-amber-700">
          <Trans>{unmatched} covered transitions in the report are not in this chart (the report is older than the machine)</Trans>
        </span>
      )}
    </div>
  )
}
