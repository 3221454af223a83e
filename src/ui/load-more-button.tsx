import { Trans } from '@lingui/react/macro'
import { Button } from './button'

/** "Load more" under a paged list: busy (and disabled) while the next page loads. */
export function LoadMoreButton({
  onLoadMore,
  loadingMore,
  className = 'mt-3',
}: {
  onLoadMore: () => void
  loadingMore: boolean
  className?: string
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onLoadMore}
      disabled={loadingMore}
      aria-busy={loadingMore || undefined}
      className={className}
    >
      <Trans>Load more</Trans>
    </Button>
  )
}
