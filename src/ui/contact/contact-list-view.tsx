import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ContactItem, ContactListProps } from '../../machines/contact-list'
import { LoadFailed } from '../load-failed'

/**
 * A contact list (friends, requests, archived friends or blocked people): its items, or loading,
 * empty, failed. `emptyAction` goes under the empty state's words (the Friends tab's Find people).
 */
export function ContactListView({
  list,
  children,
  emptyAction = null,
}: {
  list: ContactListProps
  children: (item: ContactItem) => ReactNode
  emptyAction?: ReactNode
}) {
  const { t } = useLingui()
  const label =
    list.kind === 'friends'
      ? t`Friends`
      : list.kind === 'requests'
        ? t`Friend requests`
        : list.kind === 'archived'
          ? t`Archived friends`
          : t`Blocked people`
  return (
    <div>
      {list.items.length ? (
        <ul aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {list.items.map(children)}
        </ul>
      ) : null}
      {list.loading ? (
        <p role="status" className="px-4 py-6 text-center text-sm text-slate-500">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {list.failed ? (
        <LoadFailed onRetry={list.onRetry} className="mt-3 rounded-md border border-red-200 bg-red-50 px-4 py-3">
          <Trans>This list could not be loaded.</Trans>
        </LoadFailed>
      ) : null}
      {list.empty ? (
        <div className="px-4 py-10 text-center">
          <p className="text-sm text-slate-600">
            {list.kind === 'friends' ? (
              <Trans>No friends yet. Find people by name or workid, open their profile and send them a friend request.</Trans>
            ) : list.kind === 'requests' ? (
              <Trans>No friend requests.</Trans>
            ) : list.kind === 'archived' ? (
              <Trans>No archived friends. Archive a friend to move them here from the Friends tab; they stay your friend.</Trans>
            ) : (
              <Trans>You have not blocked anyone.</Trans>
            )}
          </p>
          {emptyAction}
        </div>
      ) : null}
    </div>
  )
}
