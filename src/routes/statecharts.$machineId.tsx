import { useMemo } from 'react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { modelTestReport, type MachineEntry } from '../devtools/statecharts/machine-registry'
import { StatechartView } from '../ui/statechart/statechart-view'
import { useMachines } from '../devtools/statecharts/use-machines'

/** /statecharts/{machineId}: one machine's chart, live simulation and model-test coverage. */
export const Route = createFileRoute('/statecharts/$machineId')({ component: MachineStatechart })

function MachineStatechart() {
  const { machineId } = Route.useParams()
  const state = useMachines()
  if (state.status === 'loading') {
    return (
      <p role="status" className="text-sm text-slate-500">
        <Trans>Loading the machines…</Trans>
      </p>
    )
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="text-sm text-red-700">
        <Trans>The machines could not be loaded: {state.message}</Trans>
      </p>
    )
  }
  const entry = state.machines.find((m) => m.id === machineId)
  return entry ? <Machine key={entry.id} entry={entry} /> : <MachineNotFound machineId={machineId} />
}

function Machine({ entry }: { entry: MachineEntry }) {
  const input = useMemo(() => entry.sampleInput ?? {}, [entry])
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="font-mono text-xl font-semibold">{entry.id}</h1>
        <span className="text-xs text-slate-500">{entry.file.replace(/^\//, '')}</span>
        <Link to="/statecharts" className="text-sm text-indigo-700 hover:underline">
          <Trans>All statecharts</Trans>
        </Link>
      </div>
      <StatechartView machine={entry.machine} input={input} report={modelTestReport} />
    </div>
  )
}

function MachineNotFound({ machineId }: { machineId: string }) {
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-xl font-semibold">
        <Trans>No machine called {machineId}</Trans>
      </h1>
      <Link to="/statecharts" className="mt-3 inline-block text-indigo-700 hover:underline">
        <Trans>All statecharts</Trans>
      </Link>
    </div>
  )
}
