import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { t } from '@lingui/core/macro'
import { ROLES } from '../../contract/limits'
import type { CustomEmoji, CustomEmojiCreateBody } from '../../contract/reaction'
import { connect, customEmojiMachine, type CustomEmojiPage } from '../machines/custom-emoji'
import { channelInfo } from './api/channel'
import { UploadError, uploadFile } from './api/media'
import { channelEmoji, createEmoji, deleteEmoji } from './api/reaction'
import { failingWithMessage } from './failure'

/** The custom emoji page's machine with its calls: channel/info and emoji/custom, media/upload (public), emoji/create, emoji/delete. */
const appCustomEmojiMachine = customEmojiMachine.provide({
  actors: {
    loadPage: fromPromise<CustomEmojiPage, { channelId: string }>(async ({ input }) => {
      const [channel, emoji] = await Promise.all([channelInfo(input.channelId), channelEmoji(input.channelId)])
      return { name: channel.name, isAdmin: channel.role >= ROLES.admin, emoji }
    }),
    uploadImage: fromPromise<string, { file: File }>(async ({ input }) => {
      try {
        return (await uploadFile({ acl: 'public' }, input.file, () => {}))._id
      } catch (error) {
        throw new Error(error instanceof UploadError && error.reason ? error.reason : t`The image could not be uploaded.`, { cause: error })
      }
    }),
    createEmoji: fromPromise<CustomEmoji, CustomEmojiCreateBody>(({ input }) => failingWithMessage(createEmoji(input))),
    deleteEmoji: fromPromise<unknown, { emojiId: string }>(({ input }) => failingWithMessage(deleteEmoji(input.emojiId))),
  },
})

/** /chat/channel/{channel}/emoji: the channel's custom emoji (its admins add and delete them). */
export function useCustomEmoji(channelId: string) {
  const actor = useActorRef(appCustomEmojiMachine, { input: { channelId } })
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
