import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useMessageSearch } from '../../services/search'
import { MessageSearchPage } from '../../ui/search/message-search-page'

/** /search?q=&in=: message search (the global search's "Search messages for …"), in every chat or in one (?in=topic id). */
export const Route = createFileRoute('/_app/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string; in?: string } => ({
    ...(typeof search.q === 'string' ? { q: search.q.slice(0, 100) } : {}),
    ...(typeof search.in === 'string' && search.in ? { in: search.in } : {}),
  }),
  component: SearchPage,
})

function SearchPage() {
  const { q = '', in: topicId } = Route.useSearch()
  const navigate = useNavigate()
  const go = (keyword: string, chat: string | undefined) =>
    void navigate({ to: '/search', search: { q: keyword.trim(), ...(chat ? { in: chat } : {}) } })
  return (
    <MessageSearchPage
      {...useMessageSearch(q, topicId ?? null)}
      onSearch={(keyword) => go(keyword, topicId)}
      onSearchIn={(chat) => go(q, chat ?? undefined)}
    />
  )
}
