import { initialsOf } from '../session/session.rules'
import { optionsOf, type SearchSnapshot } from './search.machine'
import type { SearchEvent, SearchOption, SearchScope } from './search.types'

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

export interface SearchProps {
  scope: SearchScope
  /** The listbox's id (aria-controls). */
  listboxId: string
  open: boolean
  keyword: string
  /** What the dropdown shows: nothing typed, waiting for the debounce or the answer, the answer, a failure. */
  status: 'idle' | 'waiting' | 'ready' | 'failed'
  loadingMore: boolean
  people: SearchOptionView[]
  topics: SearchOptionView[]
  channels: SearchOptionView[]
  /** "Search messages for …" (global search only, once the keyword was searched). */
  messages: SearchOptionView | null
  /** Nothing found in the lists shown. */
  empty: boolean
  hasMore: boolean
  activeId: string | undefined
  onType: (keyword: string) => void
  onFocus: () => void
  onBlur: () => void
  /** A key in the input: true when it was the search's (the view then prevents the default). */
  onKey: (key: string) => boolean
  onRetry: () => void
  onMore: () => void
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
  const status = !open
    ? 'idle'
    : snapshot.matches({ open: { query: 'failed' } })
      ? 'failed'
      : snapshot.matches({ open: { query: 'ready' } }) || snapshot.matches({ open: { query: 'loadingMore' } })
        ? 'ready'
        : snapshot.matches({ open: { query: 'idle' } })
          ? 'idle'
          : 'waiting'
  const lists = views.filter((v) => v.option.kind !== 'messages')
  return {
    scope: context.scope,
    listboxId,
    open,
    keyword: context.keyword,
    status,
    loadingMore: snapshot.matches({ open: { query: 'loadingMore' } }),
    people: views.filter((v) => v.option.kind === 'customer'),
    topics: views.filter((v) => v.option.kind === 'topic'),
    channels: views.filter((v) => v.option.kind === 'channel'),
    messages: views.find((v) => v.option.kind === 'messages') ?? null,
    empty: status === 'ready' && lists.length === 0,
    hasMore: status === 'ready' && context.hasMore,
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
    onRetry: () => send({ type: 'RETRY' }),
    onMore: () => send({ type: 'MORE' }),
  }
}
