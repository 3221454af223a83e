import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { buttonClass } from './button'
import { EmptyState } from './empty-state'

/** The page for an address that leads nowhere: no route, or one segment that is no one's workid. */
export function NotFound() {
  return (
    <EmptyState
      title={<Trans>Page not found</Trans>}
      description={<Trans>The page you are looking for does not exist or has moved.</Trans>}
      action={
        <Link to="/" className={buttonClass()}>
          <Trans>Go to the home page</Trans>
        </Link>
      }
    />
  )
}
