import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { channelStorageMachine, connect, type FileActionInput, type StoragePageInput, type StorageScope } from '../machines/channel-storage'
import { withPages } from '../machines/paged-list'
import { purgeFile, restoreFile, storageOf, trashFile } from './api/media'
import { failingWithMessage } from './failure'

const fileActions = { trash: trashFile, restore: restoreFile, purge: purgeFile } as const

/** The files (or the trash) of a channel or one of its chats (/chat/channel/{channel}/storage…). */
export function useChannelStorage(scope: StorageScope) {
  const actor = useActorRef(
    channelStorageMachine.provide({
      actors: {
        list: withPages((input: StoragePageInput) => failingWithMessage(storageOf(input))),
        changeFile: fromPromise<unknown, FileActionInput>(({ input }) => failingWithMessage(fileActions[input.action](input.mediaId))),
      },
    }),
    { input: scope },
  )
  const { channelId, topicId, trash } = scope
  useEffect(() => actor.send({ type: 'OPEN', scope: { channelId, topicId, trash } }), [actor, channelId, topicId, trash])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
