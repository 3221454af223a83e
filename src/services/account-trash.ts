import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { endpoints } from '../../contract'
import { accountTrashMachine, connect, type TrashActionInput } from '../machines/account-trash'
import { withPages } from '../machines/paged-list'
import { failingWithMessage } from './failure'
import { call } from './http'

const quiet = { quiet: true }

/** /account/trash: GET media/my-trash, PUT media/restore, DELETE media/purge. */
export function useAccountTrash() {
  const actor = useActorRef(
    accountTrashMachine.provide({
      actors: {
        list: withPages(({ page }) => failingWithMessage(call(endpoints.myTrash, { page }, quiet))),
        changeFile: fromPromise<unknown, TrashActionInput>(({ input }) =>
          failingWithMessage(
            input.action === 'restore'
              ? call(endpoints.mediaRestore, { media_id: input.mediaId }, quiet)
              : call(endpoints.mediaPurge, { media_id: input.mediaId }, quiet),
          ),
        ),
      },
    }),
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
