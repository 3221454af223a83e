import { chosenOf, instantOfLocal, mayManage, type CalendarEventSnapshot } from './calendar-event.machine'
import type { CalendarEvent, CalendarEventEvent } from './calendar-event.types'

export interface UpcomingOccurrence {
  /** Its rule's start (the key). */
  occurrence: string
  start: string
  moved: boolean
  chosen: boolean
  onPick: () => void
}

/** Moving the chosen occurrence: its new time. */
export interface MoveOccurrenceProps {
  /** datetime-local, the browser's time. */
  value: string
  /** It is a time (Move takes a click). */
  valid: boolean
  busy: boolean
  onChange: (value: string) => void
}

/** A reminder's or task's page: the event, its occurrences and the actions on them. */
export interface CalendarEventProps {
  /** Read for the first time. */
  loading: boolean
  /** Read again after a change (the event shown stays). */
  refreshing: boolean
  failed: boolean
  /** Deleted elsewhere while it showed. */
  gone: boolean
  /** Deleted here. */
  deleted: boolean
  event: CalendarEvent | null
  /** The reader may change and delete it. */
  canManage: boolean
  repeating: boolean
  /** A repeating event's coming occurrences. */
  upcoming: UpcomingOccurrence[]
  /** The occurrence the actions are about: its rule's start and its current one. */
  occurrence: { occurrence: string; start: string } | null
  /** Skip and Move take a click. */
  canChangeOccurrence: boolean
  /** A question is asked: skip this occurrence, or delete the whole event. */
  confirming: 'skip' | 'delete' | null
  /** Moving the chosen occurrence: its time is being chosen or sent. */
  move: MoveOccurrenceProps | null
  /** An action on its way. */
  busy: 'skipping' | 'moving' | 'deleting' | 'downloading' | null
  /** What was just done to an occurrence. */
  done: 'skipped' | 'moved' | null
  error: string | null
  onSkip: () => void
  onMove: () => void
  onDelete: () => void
  onConfirm: () => void
  onCancel: () => void
  onDownload: () => void
  onRetry: () => void
}

/** Pure: snapshot and send -> the event page's props and handlers. */
export function connect(snapshot: CalendarEventSnapshot, send: (event: CalendarEventEvent) => void): CalendarEventProps {
  const context = snapshot.context
  const idle = snapshot.matches({ ready: 'idle' })
  const chosen = chosenOf(context)
  const choosing = snapshot.matches({ ready: 'choosingTime' })
  const movingOne = snapshot.matches({ ready: 'movingOccurrence' })
  const loading = snapshot.matches('loading')
  return {
    loading: loading && context.event === null,
    refreshing: loading && context.event !== null,
    failed: snapshot.matches('failed'),
    gone: snapshot.matches('gone'),
    deleted: snapshot.matches('deleted'),
    event: context.event,
    canManage: mayManage(context),
    repeating: context.event?.rrule != null,
    upcoming: context.upcoming.map((item) => ({
      occurrence: item.occurrence,
      start: item.start,
      moved: item.moved,
      chosen: item.occurrence === context.occurrence,
      onPick: () => send({ type: 'PICK_OCCURRENCE', occurrence: item.occurrence }),
    })),
    occurrence: context.occurrence === null ? null : { occurrence: context.occurrence, start: chosen?.start ?? context.occurrence },
    canChangeOccurrence: idle && snapshot.can({ type: 'SKIP' }),
    confirming: snapshot.matches({ ready: 'confirmingSkip' })
      ? 'skip'
      : snapshot.matches({ ready: 'confirmingDelete' }) || snapshot.matches({ ready: 'deleting' })
        ? 'delete'
        : null,
    move:
      choosing || movingOne
        ? {
            value: context.moveTo,
            valid: instantOfLocal(context.moveTo) !== null,
            busy: movingOne,
            onChange: (value) => send({ type: 'MOVE_TIME', value }),
          }
        : null,
    busy: snapshot.matches({ ready: 'skipping' })
      ? 'skipping'
      : movingOne
        ? 'moving'
        : snapshot.matches({ ready: 'deleting' })
          ? 'deleting'
          : snapshot.matches({ ready: 'downloading' })
            ? 'downloading'
            : null,
    done: context.done,
    error: context.error,
    onSkip: () => send({ type: 'SKIP' }),
    onMove: () => send({ type: 'MOVE' }),
    onDelete: () => send({ type: 'DELETE' }),
    onConfirm: () => send({ type: 'CONFIRM' }),
    onCancel: () => send({ type: 'CANCEL' }),
    onDownload: () => send({ type: 'DOWNLOAD' }),
    onRetry: () => send({ type: 'RETRY' }),
  }
}
