import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { modelTestReport } from '../devtools/statecharts/machine-registry'
import { MachineList } from '../ui/statechart/machine-list'
import { useMachines } from '../devtools/statecharts/use-machines'

/** /statecharts: every machine of src/machines. */
export const Route = createFileRoute('/statecharts/')({ component: StatechartsIndex })

function StatechartsIndex() {
  const state = useMachines()
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          <Trans>Statecharts</Trans>
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          <Trans>
            Every product rule lives in one of these machines. Open one to see its chart, send it events, advance fake time and see which
            transitions the generated model tests cover.
          </Trans>
        </p>
      </div>
      {!modelTestReport && (
        <p className="text-sm text-slate-500">
          <Trans>No model-test report yet</Trans>
        </p>
      )}
      {state.status === 'ready' ? (
        <MachineList machines={state.machines} report={modelTestReport} />
      ) : state.status === 'error' ? (
        <p role="alert" className="text-sm text-red-700">
          <Trans>The machines could not be loaded: {state.message}</Trans>
        </p>
      ) : (
        <p role="status" className="text-sm text-slate-500">
          <Trans>Loading the machines…</Trans>
        </p>
      )}
    </div>
  )
}
