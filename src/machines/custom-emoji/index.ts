export {
  customEmojiMachine,
  imageTooLarge,
  normalShortcode,
  shortcodeProblem,
  type CustomEmojiActor,
  type CustomEmojiMachine,
  type CustomEmojiSnapshot,
  type ShortcodeProblem,
} from './custom-emoji.machine'
export { connect, type CustomEmojiProps } from './custom-emoji.connect'
export type { ChosenImage, CustomEmojiContext, CustomEmojiEvent, CustomEmojiInput, CustomEmojiPage } from './custom-emoji.types'
