import { pagedListProps, type PagedListProps } from '../paged-list'
import type { ScheduledListSnapshot } from './scheduled-list.machine'
import type { ScheduledListEvent, ScheduledMessage } from './scheduled-list.types'

export interface ScheduledRow {
  item: ScheduledMessage
  /** Sending or cancelling this one. */
  busy: boolean
  /** It may still be sent now or edited (waiting). */
  waiting: boolean
}

export interface ScheduledListProps extends PagedListProps<ScheduledMessage> {
  /** Every chat's (the page) or one chat's (its panel). */
  allChats: boolean
  rows: ScheduledRow[]
  busy: boolean
  onSendNow: (id: string) => void
  onCancel: (id: string) => void
}

/** Pure: a Scheduled list's props and handlers. */
export function connect(snapshot: ScheduledListSnapshot, send: (event: ScheduledListEvent) => void): ScheduledListProps {
  const { list, acting, error, topicId } = snapshot.context
  return {
    ...pagedListProps(list, send),
    error,
    allChats: topicId === null,
    rows: list.items.map((item) => ({ item, busy: acting?.id === item._id, waiting: item.status === 'pending' })),
    busy: snapshot.matches('acting'),
    onSendNow: (id) => send({ type: 'SEND_NOW', id }),
    onCancel: (id) => send({ type: 'CANCEL', id }),
  }
}
