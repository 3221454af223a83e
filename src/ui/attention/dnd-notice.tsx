import { useLingui } from '@lingui/react/macro'
import dayjs from 'dayjs'
import type { DndNoticeProps } from '../../machines/dnd-notice'

/** Above the 1:1 composer while the other person is in do not disturb: say so, and offer "notify anyway". */
export function DndNotice({ away, until, canNotify, notifying, notified, error, onNotify, name }: DndNoticeProps & { name: string }) {
  const { t } = useLingui()
  if (!away) return null
  return (
    <section
      aria-label={t`Do not disturb`}
      className="mx-3 mb-2 flex flex-wrap items-center gap-2 rounded-md border border-violet-200 bg-violet-50 px-3 py-2 text-sm text-violet-900"
    >
      <span className="flex-1">
        {until
          ? t`${name} has paused notifications until ${dayjs(until).format('HH:mm')}.`
          : t`${name} has paused notifications outside working hours.`}
      </span>
      {notified ? (
        <span role="status">{t`Notified anyway.`}</span>
      ) : (
        <button
          type="button"
          onClick={onNotify}
          disabled={!canNotify}
          className="rounded-md border border-violet-300 bg-white px-2 py-1 font-medium hover:bg-violet-100 disabled:opacity-50"
        >
          {notifying ? t`Notifying…` : t`Notify anyway`}
        </button>
      )}
      {error ? (
        <p role="alert" className="w-full text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  )
}
