import type { CustomEmoji, CustomEmojiCreateBody } from '../../../contract/reaction'

export type { CustomEmoji, CustomEmojiCreateBody }

export interface CustomEmojiInput {
  channelId: string
}

/** What the page loads: the channel's name, whether the reader administers it, and its custom emoji. */
export interface CustomEmojiPage {
  name: string
  isAdmin: boolean
  emoji: CustomEmoji[]
}

/** The image chosen for a new emoji (a browser File, as the upload takes it). */
export interface ChosenImage {
  file: File
  name: string
  size: number
}

export interface CustomEmojiContext extends CustomEmojiInput {
  page: CustomEmojiPage | null
  /** The new emoji's shortcode, as typed (colons and case allowed: the server keeps it lowercase, without them). */
  shortcode: string
  image: ChosenImage | null
  /** The new emoji's image, once uploaded (its media id). */
  uploadedId: string | null
  /** The emoji being deleted. */
  deletingId: string | null
  /** Why the last add or delete failed (the server's message). */
  error: string | null
}

export type CustomEmojiEvent =
  | { type: 'RETRY' }
  | { type: 'SHORTCODE'; text: string }
  | { type: 'IMAGE'; image: ChosenImage | null }
  | { type: 'ADD' }
  | { type: 'DELETE'; emojiId: string }
