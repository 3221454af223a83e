import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { accountStorageMachine, connect, type StorageSummary } from '../machines/account-storage'
import { storageSummary } from './api/media'
import { failingWithMessage } from './failure'

/** /account/storage: GET media/storage-summary. */
export function useAccountStorage() {
  const actor = useActorRef(
    accountStorageMachine.provide({
      actors: { loadSummary: fromPromise<StorageSummary>(() => failingWithMessage(storageSummary())) },
    }),
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
