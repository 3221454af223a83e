import { fromPromise } from 'xstate'
import { channelFormMachine, type ChannelCreateBody, type ChannelImage, type CreatedChannel } from '../machines/channel-form'
import { uploadFile } from './chat'
import { createChannel, suggestDescription } from './channels'

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
