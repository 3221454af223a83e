import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import dayjs from 'dayjs'
import { fromPromise } from 'xstate'
import type { CustomStatus } from '../../contract/presence'
import { connect as connectStatusForm, type SaveStatusInput, statusFormMachine, type StatusExpiry } from '../machines/status-form'
import { clearStatus, setStatus } from './api/presence'

/*
 * The custom status form (the account drawer's status dialog): apart from presence.ts, which every
 * page of the app runs, so its machine loads with the dialog.
 */

/** The time a status clears itself, in the user's zone (null: never). */
export function statusExpiresAt(expiry: StatusExpiry, date: string, now = dayjs()): string | null {
  switch (expiry) {
    case '30m':
      return now.add(30, 'minute').toISOString()
    case '1h':
      return now.add(1, 'hour').toISOString()
    case '4h':
      return now.add(4, 'hour').toISOString()
    case 'today':
      return now.endOf('day').toISOString()
    case 'week':
      return now.endOf('week').toISOString()
    case 'date':
      return dayjs(date).endOf('day').toISOString()
    case 'never':
      return null
  }
}

/** The status form as the account menu runs it: saved or cleared, it tells `onDone` (the dialog closes; the status arrives by STATUS_CHANGED). */
export function useStatusForm(current: CustomStatus | null, onDone: () => void) {
  const actor = useActorRef(
    statusFormMachine.provide({
      actors: {
        saveStatus: fromPromise<CustomStatus, SaveStatusInput>(({ input }) =>
          setStatus({ emoji: input.emoji, text: input.text, expires_at: statusExpiresAt(input.expiry, input.date) }),
        ),
        clearStatus: fromPromise<unknown, void>(() => clearStatus()),
      },
      actions: { statusSaved: () => onDone() },
    }),
    { input: { current } },
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectStatusForm(snapshot, actor.send), [snapshot, actor])
}
