import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { accountTrashMachine, connect, type TrashActionInput } from '../machines/account-trash'
import { withPages } from '../machines/paged-list'
import { myTrash, purgeFile, restoreFile } from './api/media'
import { failingWithMessage } from './failure'

const quiet = { quiet: true }

/** /account/trash: GET media/my-trash, PUT media/restore, DELETE media/purge. */
export function useAccountTrash() {
  const actor = useActorRef(
    accountTrashMachine.provide({
      actors: {
        list: withPages(({ page }) => failingWithMessage(myTrash(page))),
        changeFile: fromPromise<unknown, TrashActionInput>(({ input }) =>
          failingWithMessage(input.action === 'restore' ? restoreFile(input.mediaId, quiet) : purgeFile(input.mediaId, quiet)),
        ),
      },
    }),
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
