import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  channelFormMachine,
  connect,
  type ChannelCreateBody,
  type ChannelFormInput,
  type ChannelImage,
  type CreatedChannel,
} from '../machines/channel-form'
import { createChannel, suggestDescription } from './api/channel'
import { uploadFile } from './api/media'

/** The create-channel modal's machine with its calls: channel/create, channel/suggest-description, media/upload (public). */
export const appChannelFormMachine = channelFormMachine.provide({
  actors: {
    createChannel: fromPromise<CreatedChannel, ChannelCreateBody>(({ input }) => createChannel(input)),
    suggestDescription: fromPromise<string, { description: string }>(({ input }) => suggestDescription(input.description)),
    uploadImage: fromPromise<ChannelImage, { file: File }>(async ({ input, signal }) => {
      const item = await uploadFile({ acl: 'public' }, input.file, () => undefined, signal)
      return { _id: item._id, url: item.url }
    }),
  },
})

export interface ChannelFormOptions {
  input: ChannelFormInput
  /** The channel was made. */
  onCreated: (channel: CreatedChannel) => void
  /** The modal closed: the channel was made, or the user cancelled. */
  onClosed: () => void
}

/** One create-channel modal (mounted while it shows): its props and handlers. */
export function useChannelForm({ input, onCreated, onClosed }: ChannelFormOptions) {
  const created = useRef(onCreated)
  created.current = onCreated
  const machine = useMemo(
    () => appChannelFormMachine.provide({ actions: { channelCreated: (_, params) => created.current(params.channel) } }),
    [],
  )
  const actor = useActorRef(machine, { input })
  const snapshot = useSelector(actor, (s) => s)
  const props = useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
  useEffect(() => {
    if (!props.open) onClosed()
  }, [props.open, onClosed])
  return props
}
