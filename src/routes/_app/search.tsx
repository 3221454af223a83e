import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useMessageSearch } from '../../services/search'
import { MessageSearchPage } from '../../ui/search/message-search-page'

/** /search?q=: message search (the global search's "Search messages for …"). */
export const Route = createFileRoute('/_app/search')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => (typeof search.q === 'string' ? { q: search.q.slice(0, 100) } : {}),
  component: SearchPage,
})

function SearchPage() {
  const { q = '' } = Route.useSearch()
  const navigate = useNavigate()
  return (
    <MessageSearchPage {...useMessageSearch(q)} onSearch={(keyword) => void navigate({ to: '/search', search: { q: keyword.trim() } })} />
  )
}
