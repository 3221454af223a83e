import { useMemo } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { AnyStateMachine } from 'xstate'
import type { ModelTestReport } from '../../devtools/statecharts/machine-registry'
import { TestResultBadge } from './coverage-summary'
import { machineToGraph } from '../../devtools/statecharts/graph-model'

export interface MachineListItem {
  id: string
  file: string
  machine: AnyStateMachine
}

/** Every machine of the app with its size and its last model-test result. */
export function MachineList({ machines, report }: { machines: MachineListItem[]; report: ModelTestReport | null }) {
  const rows = useMemo(
    () =>
      machines.map((m) => {
        const graph = machineToGraph(m.machine)
        return { ...m, states: graph.stateCount, transitions: graph.transitionCount, folder: m.file.replace(/^\/src\//, 'src/') }
      }),
    [machines],
  )
  if (!rows.length) {
    return (
      <p className="text-slate-600">
        <Trans>No machines found in src/machines.</Trans>
      </p>
    )
  }
  const th = 'px-2 py-2 sm:px-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500'
  const td = 'px-2 py-2 align-top sm:px-3'
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">
          <Trans>Statecharts of the app</Trans>
        </caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              <Trans>Machine</Trans>
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Trans>States</Trans>
            </th>
            <th scope="col" className={`${th} text-right`}>
              <Trans>Transitions</Trans>
            </th>
            <th scope="col" className={`${th} hidden sm:table-cell`}>
              <Trans>Model tests</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const result = report?.[row.id]
            return (
              <tr key={row.id} data-machine-id={row.id}>
                <td className={td}>
                  <Link
                    to="/statecharts/$machineId"
                    params={{ machineId: row.id }}
                    className="font-mono font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {row.id}
                  </Link>
                  <span className="hidden text-xs text-slate-500 sm:block">{row.folder}</span>
                  {result && (
                    <span className="mt-1 block sm:hidden">
                      <TestResultBadge result={result} />
                    </span>
                  )}
                </td>
                <td className={`${td} text-right tabular-nums`}>{row.states}</td>
                <td className={`${td} text-right tabular-nums`}>{row.transitions}</td>
                <td className={`${td} hidden sm:table-cell`}>
                  {result ? (
                    <span className="flex flex-wrap items-center gap-2">
                      <TestResultBadge result={result} />
                      <span className="text-xs text-slate-600">
                        <Trans>
                          {result.paths} paths · transitions {result.transitions_covered}/{result.transitions_total}
                        </Trans>
                      </span>
                    </span>
                  ) : (
                    <span className="text-xs text-slate-400">—</span>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
