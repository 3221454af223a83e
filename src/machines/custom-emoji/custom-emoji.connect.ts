import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { imageTooLarge, shortcodeProblem, type CustomEmojiSnapshot, type ShortcodeProblem } from './custom-emoji.machine'
import type { ChosenImage, CustomEmoji, CustomEmojiEvent } from './custom-emoji.types'

const SHORTCODE_MESSAGES: Record<NonNullable<ShortcodeProblem>, MessageDescriptor> = {
  pattern: msg`Use 2 to 32 lowercase letters, digits, _ + or -`,
  taken: msg`This channel already has an emoji with that shortcode`,
}

export interface CustomEmojiProps {
  status: 'loading' | 'failed' | 'ready'
  channelId: string
  channelName: string
  emoji: (CustomEmoji & { deleting: boolean; onDelete: (() => void) | null })[]
  /** The add form (admins only). */
  form: {
    shortcode: string
    shortcodeError: MessageDescriptor | null
    imageName: string | null
    imageTooLarge: boolean
    canAdd: boolean
    busy: boolean
    onShortcode: (text: string) => void
    onImage: (image: ChosenImage | null) => void
    onAdd: () => void
  } | null
  error: string | null
  onRetry: () => void
}

/** Pure: snapshot and send -> the custom emoji page's props. */
export function connect(snapshot: CustomEmojiSnapshot, send: (event: CustomEmojiEvent) => void): CustomEmojiProps {
  const { page, shortcode, image, deletingId, error, channelId } = snapshot.context
  const status = snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready'
  const idle = snapshot.matches({ ready: 'idle' })
  const problem = page ? shortcodeProblem(shortcode, page.emoji) : null
  return {
    status,
    channelId,
    channelName: page?.name ?? '',
    emoji: (page?.emoji ?? []).map((e) => ({
      ...e,
      deleting: deletingId === e._id,
      onDelete: page?.isAdmin ? () => send({ type: 'DELETE', emojiId: e._id }) : null,
    })),
    form: page?.isAdmin
      ? {
          shortcode,
          shortcodeError: problem ? SHORTCODE_MESSAGES[problem] : null,
          imageName: image?.name ?? null,
          imageTooLarge: imageTooLarge(image),
          canAdd: idle && snapshot.can({ type: 'ADD' }),
          busy: !idle,
          onShortcode: (text) => send({ type: 'SHORTCODE', text }),
          onImage: (chosen) => send({ type: 'IMAGE', image: chosen }),
          onAdd: () => send({ type: 'ADD' }),
        }
      : null,
    error,
    onRetry: () => send({ type: 'RETRY' }),
  }
}
