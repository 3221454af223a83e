import { useEffect, useState } from 'react'
import { loadMachines, type MachineEntry } from './machine-registry'

export type MachinesState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; machines: MachineEntry[] }

/**
 * The app's machines, loaded by the /statecharts pages themselves (not by a route loader, so the
 * route tree every page loads carries nothing of the visualiser but its lazy components).
 */
export function useMachines(): MachinesState {
  const [state, setState] = useState<MachinesState>({ status: 'loading' })
  useEffect(() => {
    let live = true
    loadMachines().then(
      (machines) => live && setState({ status: 'ready', machines }),
      (e: unknown) => live && setState({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
    )
    return () => {
      live = false
    }
  }, [])
  return state
}
