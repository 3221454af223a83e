export {
  BLUR_DELAY_MS,
  GLOBAL_DEBOUNCE_MS,
  hitsOf,
  optionsOf,
  PEOPLE_DEBOUNCE_MS,
  searchMachine,
  searchListWith,
  searchSampleInput,
  type SearchActor,
  type SearchMachine,
  type SearchSnapshot,
} from './search.machine'
export { connect, hrefOf, type SearchOptionView, type SearchProps } from './search.connect'
export type { SearchCallInput, SearchContext, SearchEvent, SearchHit, SearchInput, SearchOption, SearchScope } from './search.types'
