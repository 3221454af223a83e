import { type ReactNode, useEffect, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { LoadFailed } from '../load-failed'
import type { TopicListProps as TopicListMachineProps } from '../../machines/topic-list'

export interface TopicListProps extends TopicListMachineProps {
  /** What an empty list offers (e.g. New message, Find people). */
  emptyActions?: ReactNode
  /** Where a row leads (default /chat/{id}). */
  hrefOf?: (topicId: string) => string
  /** Opens a topic in the app (instead of following the link). */
  onOpen?: (topicId: string) => void
  /** The open topic. */
  activeId?: string | null
}

type RowsModule = typeof import('./topic-rows')

let rows: RowsModule | null = null
let rowsLoading: Promise<RowsModule> | null = null

/**
 * Loads the rows' code (the virtualised list, its times and menus, the Hidden chats view): none of
 * it is needed while the list loads or is empty. The chats page asks for it once its first frame
 * is painted, so that it is there by the time the chats are; the list asks when it has rows.
 */
export function loadTopicRows(): Promise<RowsModule> {
  rowsLoading ??= import('./topic-rows').then(
    (module) => (rows = module),
    (error: unknown) => {
      rowsLoading = null
      throw error
    },
  )
  return rowsLoading
}

/** The rows' code once loaded (null meanwhile, or when it failed to load: Retry asks again). */
function useTopicRows(): { module: RowsModule | null; failed: boolean; retry: () => void } {
  const [module, setModule] = useState(rows)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (module || failed) return
    let current = true
    loadTopicRows().then(
      (loaded) => current && setModule(loaded),
      () => current && setFailed(true),
    )
    return () => {
      current = false
    }
  }, [module, failed])
  return { module, failed, retry: () => setFailed(false) }
}

/** The chat list: pinned first, then the newest activity first; or the Hidden chats view while it is open. */
export function TopicList(props: TopicListProps) {
  const { status, topics, hiddenChats } = props
  const needsRows = Boolean(hiddenChats) || (status !== 'loading' && status !== 'failed' && topics.length > 0)
  return needsRows ? <WithRows {...props} /> : <ListState {...props} />
}

/** The list's own states: loading, failed, empty. */
function ListState({ status, onRetry, emptyActions }: TopicListProps) {
  if (status === 'loading')
    return (
      <p role="status" className="px-4 py-6 text-sm text-slate-500">
        <Trans>Loading chats…</Trans>
      </p>
    )
  if (status === 'failed')
    return (
      <LoadFailed onRetry={onRetry} className="px-4 py-6">
        <Trans>Could not load your chats.</Trans>
      </LoadFailed>
    )
  return (
    <div className="px-4 py-6">
      <p className="text-sm text-slate-600">
        <Trans>No chats yet</Trans>
      </p>
      {emptyActions ? <div className="mt-3 flex flex-wrap gap-2">{emptyActions}</div> : null}
    </div>
  )
}

/** The rows or the Hidden chats view, once their code is there ('Loading chats…' meanwhile). */
function WithRows(props: TopicListProps) {
  const { module, failed, retry } = useTopicRows()
  if (failed)
    return (
      <LoadFailed onRetry={retry} className="px-4 py-6">
        <Trans>Could not load your chats.</Trans>
      </LoadFailed>
    )
  if (!module) return <ListState {...props} status="loading" />
  const { HiddenChats, TopicRows } = module
  const hidden = props.hiddenChats
  return hidden ? (
    <HiddenChats view={hidden} onUnhide={props.onUnhide} onClose={props.onCloseHidden} onRetry={props.onRetryHidden} />
  ) : (
    <TopicRows {...props} />
  )
}
