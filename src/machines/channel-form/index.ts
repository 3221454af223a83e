export {
  canCreateChannel,
  channelFormMachine,
  channelFormSampleInput,
  nameProblem,
  passwordProblem,
  type ChannelFormActor,
  type ChannelFormMachine,
  type ChannelFormSnapshot,
  type NameProblem,
} from './channel-form.machine'
export { connect, type ChannelFormProps } from './channel-form.connect'
export { CHANNEL_IMAGE_TYPES } from './channel-form.types'
export type {
  ChannelCreateBody,
  ChannelFormContext,
  ChannelFormError,
  ChannelFormEvent,
  ChannelFormInput,
  ChannelImage,
  ChannelTextField,
  ChannelUseFor,
  CreatedChannel,
  ImageSlot,
} from './channel-form.types'
