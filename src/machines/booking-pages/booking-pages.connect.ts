import { publicLinkOf, type BookingPagesSnapshot } from './booking-pages.machine'
import type { BookingPage, BookingPagesEvent } from './booking-pages.types'

export interface BookingPageRow {
  page: BookingPage
  /** Its public link, for anyone. */
  link: string
  /** Its link was copied last. */
  copied: boolean
  /** It is being turned on or off. */
  toggling: boolean
  onToggle: () => void
  onCopy: () => void
}

export interface BookingPagesProps {
  loading: boolean
  failed: boolean
  rows: BookingPageRow[]
  /** A page is being turned on or off: the other switches wait. */
  busy: boolean
  error: string | null
  onRetry: () => void
}

/** Pure: "Your booking pages"' props and handlers. */
export function connect(snapshot: BookingPagesSnapshot, send: (event: BookingPagesEvent) => void): BookingPagesProps {
  const { pages, toggling, copied, error, origin } = snapshot.context
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    rows: pages.map((page) => ({
      page,
      link: publicLinkOf(origin, page),
      copied: copied === page._id,
      toggling: toggling === page._id,
      onToggle: () => send({ type: 'TOGGLE', pageId: page._id }),
      onCopy: () => send({ type: 'COPY', pageId: page._id }),
    })),
    busy: snapshot.matches('toggling'),
    error,
    onRetry: () => send({ type: 'RETRY' }),
  }
}
