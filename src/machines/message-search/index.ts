export {
  messageSearchMachine,
  messageSearchSampleInput,
  type MessageSearchActor,
  type MessageSearchMachine,
  type MessageSearchSnapshot,
} from './message-search.machine'
export { connect, partsOf, type MessageSearchProps, type MessageSearchResultView, type SnippetPart } from './message-search.connect'
export type { MessageSearchCallInput, MessageSearchContext, MessageSearchEvent, MessageSearchInput } from './message-search.types'
