import { pagedListProps, type PagedListProps } from '../paged-list'
import { initialsOf } from '../session/session.rules'
import { optionsOf, type SearchSnapshot } from './search.machine'
import type { SearchEvent, SearchHit, SearchOption, SearchScope } from './search.types'

/** Where an option leads (the runtime navigates there; a person's page, a topic's chat, a channel's page, the message search). */
export function hrefOf(option: SearchOption): string {
  switch (option.kind) {
    case 'customer':
      return `/people/${encodeURIComponent(option.item.workid)}`
    case 'topic':
      return `/chat/${encodeURIComponent(option.item._id)}`
    case 'channel':
      return `/channel/${encodeURIComponent(option.item._id)}`
    case 'messages':
      return `/search?q=${encodeURIComponent(option.keyword)}`
  }
}

export interface SearchOptionView {
  /** The element id (aria-activedescendant). */
  id: string
  index: number
  option: SearchOption
  active: boolean
  /** A person's avatar letters ('' for other options). */
  initials: string
  onChoose: () => void
}

export interface SearchProps extends PagedListProps<SearchHit> {
  scope: SearchScope
  /** The listbox's id (aria-controls). */
  listboxId: string
  open: boolean
  keyword: string
  /** What the dropdown shows: nothing typed, waiting for the debounce or the answer, the answer, a failure. */
  status: 'idle' | 'waiting' | 'ready' | 'failed'
  people: SearchOptionView[]
  topics: SearchOptionView[]
  channels: SearchOptionView[]
  /** "Search messages for …" (global search only, once the keyword was searched). */
  messages: SearchOptionView | null
  activeId: string | undefined
  onType: (keyword: string) => void
  onFocus: () => void
  onBlur: () => void
  /** A key in the input: true when it was the search's (the view then prevents the default). */
  onKey: (key: string) => boolean
}

const KEYS: Record<string, SearchEvent> = {
  ArrowDown: { type: 'MOVE', delta: 1 },
  ArrowUp: { type: 'MOVE', delta: -1 },
  Enter: { type: 'CHOOSE' },
  Escape: { type: 'ESCAPE' },
}

/** Pure: snapshot and send -> the search box's props and handlers. */
export function connect(snapshot: SearchSnapshot, send: (event: SearchEvent) => void): SearchProps {
  const { context } = snapshot
  const listboxId = `search-${context.scope}-listbox`
  const open = snapshot.matches('open')
  const views = optionsOf(context).map((option, index): SearchOptionView => ({
    id: `search-${context.scope}-option-${index}`,
    index,
    option,
    active: index === context.active,
    initials: option.kind === 'customer' ? initialsOf(option.item.name) : '',
    onChoose: () => send({ type: 'CHOOSE', index }),
  }))
  const { list } = context
  const status = !open
    ? 'idle'
    : snapshot.matches({ open: { query: 'idle' } })
      ? 'idle'
      : snapshot.matches({ open: { query: 'debouncing' } }) || list.state === 'loading'
        ? 'waiting'
        : list.state === 'failed'
          ? 'failed'
          : 'ready'
  const paging = pagedListProps(list, send)
  return {
    ...paging,
    // The list says it only while its results show.
    empty: status === 'ready' && paging.empty,
    hasMore: status === 'ready' && paging.hasMore,
    scope: context.scope,
    listboxId,
    open,
    keyword: context.keyword,
    status,
    people: views.filter((v) => v.option.kind === 'customer'),
    topics: views.filter((v) => v.option.kind === 'topic'),
    channels: views.filter((v) => v.option.kind === 'channel'),
    messages: views.find((v) => v.option.kind === 'messages') ?? null,
    activeId: open ? views.find((v) => v.active)?.id : undefined,
    onType: (keyword) => send({ type: 'TYPE', keyword }),
    onFocus: () => send({ type: 'FOCUS' }),
    onBlur: () => send({ type: 'BLUR' }),
    onKey: (key) => {
      const event = KEYS[key]
      if (!event || !open) return false
      send(event)
      return true
    },
  }
}
