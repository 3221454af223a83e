import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { endpoints } from '../../contract'
import { accountStorageMachine, connect, type StorageSummary } from '../machines/account-storage'
import { failingWithMessage } from './failure'
import { call } from './http'

const quiet = { quiet: true }

/** /account/storage: GET media/storage-summary. */
export function useAccountStorage() {
  const actor = useActorRef(
    accountStorageMachine.provide({
      actors: { loadSummary: fromPromise<StorageSummary>(() => failingWithMessage(call(endpoints.storageSummary, undefined, quiet))) },
    }),
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
