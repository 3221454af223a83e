import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { endpoints } from '../../contract'
import { accountStorageMachine, connect, type StorageSummary } from '../machines/account-storage'
import { accountTrashMachine, connect as connectTrash, type TrashActionInput, type TrashedFile } from '../machines/account-trash'
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

/** /account/trash: GET media/my-trash, PUT media/restore, DELETE media/purge. */
export function useAccountTrash() {
  const actor = useActorRef(
    accountTrashMachine.provide({
      actors: {
        loadPage: fromPromise<TrashedFile[], { page: number }>(({ input }) => failingWithMessage(call(endpoints.myTrash, { page: input.page }, quiet))),
        changeFile: fromPromise<unknown, TrashActionInput>(({ input }) =>
          failingWithMessage(input.action === 'restore' ? call(endpoints.mediaRestore, { media_id: input.mediaId }, quiet) : call(endpoints.mediaPurge, { media_id: input.mediaId }, quiet)),
        ),
      },
    }),
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectTrash(snapshot, actor.send), [snapshot, actor])
}
