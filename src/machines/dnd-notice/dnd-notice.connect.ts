import type { DndNoticeSnapshot } from './dnd-notice.machine'
import type { DndNoticeEvent } from './dnd-notice.types'

/** The composer's hint while the other person is in do not disturb. */
export interface DndNoticeProps {
  /** Show the hint at all. */
  away: boolean
  /** Their do not disturb ends then (ISO), when turned on by hand. */
  until: string | null
  /** "Notify anyway" can be pressed (not while it runs, not again for the same message). */
  canNotify: boolean
  notifying: boolean
  /** The latest message was notified anyway. */
  notified: boolean
  error: string | null
  onNotify: () => void
}

/** Pure: snapshot and send -> the hint's props. */
export function connect(snapshot: DndNoticeSnapshot, send: (event: DndNoticeEvent) => void): DndNoticeProps {
  const { until, error } = snapshot.context
  return {
    away: snapshot.matches('away'),
    until,
    canNotify: snapshot.matches({ away: 'idle' }),
    notifying: snapshot.matches({ away: 'notifying' }),
    notified: snapshot.matches({ away: 'notified' }),
    error,
    onNotify: () => send({ type: 'NOTIFY' }),
  }
}
