import type { FoundMessage, Highlight } from '../../../contract/search'
import { pagedListProps, type PagedListProps } from '../paged-list'
import type { MessageSearchSnapshot } from './message-search.machine'
import type { MessageSearchEvent } from './message-search.types'

/** A piece of a snippet: matched or not. The view renders each as text (never HTML). */
export interface SnippetPart {
  text: string
  match: boolean
}

/** Splits a snippet at its highlights (offsets from the server, clamped to the text). */
export function partsOf(text: string, highlights: readonly Highlight[]): SnippetPart[] {
  const parts: SnippetPart[] = []
  let at = 0
  for (const h of [...highlights].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, Math.min(h.start, text.length))
    const end = Math.min(text.length, h.start + h.length)
    if (end <= start) continue
    if (start > at) parts.push({ text: text.slice(at, start), match: false })
    parts.push({ text: text.slice(start, end), match: true })
    at = end
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false })
  return parts
}

export interface MessageSearchResultView {
  message: FoundMessage
  /** The group's name, or the other person's in a 1:1 chat ('' when unknown). */
  chatName: string
  parts: SnippetPart[]
}

export interface MessageSearchProps extends PagedListProps<FoundMessage> {
  keyword: string
  /** No keyword: nothing is searched. */
  idle: boolean
  results: MessageSearchResultView[]
  /** The results shown so far; `moreToCome`: another page may hold more (the count is then a lower bound). */
  count: number
  moreToCome: boolean
  /**
   * The chat the search is limited to: its name when a result tells it ('' when none does), else
   * null (every chat).
   */
  inChat: { topicId: string; name: string } | null
}

/** Pure: snapshot and send -> the message search page's props. */
export function connect(snapshot: MessageSearchSnapshot, send: (event: MessageSearchEvent) => void): MessageSearchProps {
  const { keyword, list, topicId } = snapshot.context
  const paging = pagedListProps(list, send)
  const results = list.items.map((message) => ({
    message,
    chatName: message.topic_name || message.partner_name || '',
    parts: partsOf(message.text, message.highlights),
  }))
  return {
    ...paging,
    count: list.items.length,
    moreToCome: paging.hasMore,
    keyword,
    idle: snapshot.matches('idle'),
    results,
    inChat: topicId === null ? null : { topicId, name: results.find((r) => r.message.topic_id === topicId)?.chatName ?? '' },
  }
}
