import type { Channel, ChannelCreateBody, ChannelUseFor } from '../../../contract/channel'
import type { MediaItem } from '../../../contract/media'

export type { ChannelCreateBody, ChannelUseFor }

export type ChannelTextField = 'name' | 'description' | 'password' | 'referralLink'
export type ImageSlot = 'image' | 'banner'

/** Types a channel image or banner may have (the server checks the bytes). */
export const CHANNEL_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const

/** An uploaded public image. */
export type ChannelImage = Pick<MediaItem, '_id' | 'url'>

/** The channel POST channel/create made. */
export type CreatedChannel = Pick<Channel, '_id' | 'name'>

export interface ChannelFormInput {
  /** The user's plan (user.package); an unknown plan gets the smallest quota. */
  plan: string | undefined
  /** Channels the user administers now. */
  administeredChannels: number
  useFor?: ChannelUseFor
}

export type ChannelFormError = 'create' | 'generate' | 'upload' | 'imageType'

export interface ChannelFormContext {
  plan: string | undefined
  /** The plan's channel quota. */
  limit: number
  administeredChannels: number
  useFor: ChannelUseFor | undefined
  name: string
  description: string
  isPublic: boolean
  password: string
  referralLink: string
  image: ChannelImage | null
  banner: ChannelImage | null
  /** The slot being uploaded. */
  uploading: ImageSlot | null
  /** Fields the user has changed: their messages show from then on. */
  touched: { name: boolean; password: boolean }
  error: ChannelFormError | null
}

export type ChannelFormEvent =
  | { type: 'CHANGE'; field: ChannelTextField; value: string }
  | { type: 'SET_PUBLIC'; isPublic: boolean }
  | { type: 'SET_USE_FOR'; useFor: ChannelUseFor | null }
  | { type: 'PICK_IMAGE'; slot: ImageSlot; file: File }
  | { type: 'REMOVE_IMAGE'; slot: ImageSlot }
  | { type: 'GENERATE_DESCRIPTION' }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
