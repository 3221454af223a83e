import dayjs from 'dayjs'
import 'dayjs/locale/vi'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CalendarType, CalendarView, StatusFilter, TypeFilter } from '../../machines/calendar'
import type { TaskStatus } from '../../machines/task-status'

/** HH:mm DD/MM (spec section 9's reminder format), in the reader's time. */
export const clockDay = (iso: string) => dayjs(iso).format('HH:mm DD/MM')
/** HH:mm, in the reader's time. */
export const clock = (iso: string) => dayjs(iso).format('HH:mm')

/** The reader's language as dayjs names it. */
export function useDayjsLocale(): string {
  const { i18n } = useLingui()
  return i18n.locale === 'vi' ? 'vi' : 'en'
}

/** A date with its weekday in the reader's language ("Wednesday, 18 November 2026" / "Thứ Tư, 18/11/2026"). */
export function longDate(value: string, locale: string): string {
  const text = dayjs(value)
    .locale(locale)
    .format(locale === 'vi' ? 'dddd, DD/MM/YYYY' : 'dddd, D MMMM YYYY')
  return locale === 'vi' ? text.replace(/(^|\s)\p{Ll}/gu, (letter) => letter.toUpperCase()) : text
}

export function ViewName({ view }: { view: CalendarView }) {
  switch (view) {
    case 'month':
      return <Trans>Month</Trans>
    case 'week':
      return <Trans>Week</Trans>
    case 'day':
      return <Trans>Day</Trans>
    case 'schedule':
      return <Trans>Schedule</Trans>
  }
}

/** The type filter's words. */
export function useTypeName() {
  const { t } = useLingui()
  return (type: TypeFilter | CalendarType): string => {
    switch (type) {
      case 'all':
        return t`All reminders and tasks`
      case 'group':
        return t`Group reminders`
      case 'personal':
        return t`Personal reminders`
      case 'assign_by':
        return t`Tasks I assigned`
      case 'assign_to':
        return t`Tasks assigned to me`
    }
  }
}

/** A task status's words (the status filter's too). */
export function useStatusName() {
  const { t } = useLingui()
  return (status: StatusFilter | TaskStatus): string => {
    switch (status) {
      case 'all':
        return t`Any status`
      case 'pending':
        return t`Waiting for acceptance`
      case 'todo':
        return t`To do`
      case 'doing':
        return t`Doing`
      case 'done':
        return t`Done`
      case 'failed':
        return t`Failed`
      case 'cancel':
        return t`Cancelled`
    }
  }
}

const STATUS_CLASSES: Record<TaskStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  todo: 'bg-sky-100 text-sky-900',
  doing: 'bg-indigo-100 text-indigo-900',
  done: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  cancel: 'bg-slate-200 text-slate-700',
}

/** "Remind me" choices' words: minutes before the start. */
export function useRemindName() {
  const { t } = useLingui()
  return (minutes: number): string =>
    minutes === 0
      ? t`At the time`
      : minutes % 1440 === 0
        ? plural(minutes / 1440, { one: '# day before', other: '# days before' })
        : minutes % 60 === 0
          ? plural(minutes / 60, { one: '# hour before', other: '# hours before' })
          : plural(minutes, { one: '# minute before', other: '# minutes before' })
}

/** A task's status as a small label. */
export function StatusBadge({ status }: { status: TaskStatus }) {
  const name = useStatusName()
  return <span className={`inline-flex shrink-0 rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}>{name(status)}</span>
}
