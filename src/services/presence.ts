import { useEffect } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { createActor, fromPromise } from 'xstate'
import type { CustomStatus, Presence } from '../../contract/presence'
import { activityMachine, connect as connectActivity } from '../machines/activity'
import { type PresenceActor, presenceMachine, presenceIn, type SyncInput } from '../machines/presence'
import { presenceOf } from './api/presence'
import { currentSocket, onSocketConnect, onSocketEvent } from './socket'

/**
 * Presence of the people on the screen: each avatar, header or row that shows someone's presence
 * asks `usePresence(id)`, which tells the tab's presence machine (one for the tab, started on first
 * use) that the person is shown; the machine keeps the watch list, tells it to the server
 * (PRESENCE_WATCH, with its answer) and reads each person once (POST presence/of), and follows the
 * socket's PRESENCE_CHANGED, STATUS_CHANGED, PERSON_DND_CHANGED and reconnects.
 */
const appPresenceMachine = presenceMachine.provide({
  actors: {
    sync: fromPromise<Presence[], SyncInput>(async ({ input }) => {
      const socket = currentSocket()
      if (socket?.connected)
        await new Promise<void>((told) => socket.timeout(5_000).emit('PRESENCE_WATCH', { user_ids: input.watch }, () => told()))
      return input.read.length ? presenceOf(input.read) : []
    }),
  },
})

let tabPresence: PresenceActor | null = null
function presenceActor(): PresenceActor {
  if (tabPresence) return tabPresence
  const actor = createActor(appPresenceMachine).start()
  onSocketEvent('PRESENCE_CHANGED', (p) => actor.send({ type: 'PRESENCE_CHANGED', ...p }))
  onSocketEvent('STATUS_CHANGED', (p) => actor.send({ type: 'STATUS_CHANGED', ...p }))
  onSocketEvent('PERSON_DND_CHANGED', (p) => actor.send({ type: 'DND_CHANGED', userId: p.customer_id }))
  onSocketConnect(() => actor.send({ type: 'CONNECTED' }))
  tabPresence = actor
  return actor
}

/** The person's presence (null until read, or when the user may not see them). */
export function usePresence(userId: string | null | undefined): Presence | null {
  const actor = presenceActor()
  useEffect(() => {
    if (!userId) return
    actor.send({ type: 'WATCH', userId })
    return () => actor.send({ type: 'UNWATCH', userId })
  }, [actor, userId])
  return useSelector(actor, (s) => presenceIn(s, userId))
}

/** A status past its time reads as none, even before the server's event about it arrives. */
export function liveStatus(presence: Presence | null): CustomStatus | null {
  const status = presence?.status ?? null
  return status && (!status.expires_at || Date.parse(status.expires_at) > Date.now()) ? status : null
}

/** The activity machine of this tab: input and the tab shown again count; `away` / `active` go to the server on the transitions only. */
export function useActivityReport() {
  const actor = useActorRef(
    activityMachine.provide({
      actions: {
        reportAway: () => void currentSocket()?.emit('ACTIVITY', { state: 'away' }),
        reportActive: () => void currentSocket()?.emit('ACTIVITY', { state: 'active' }),
      },
    }),
  )
  useEffect(() => {
    let last = 0
    const input = () => {
      // A burst of input is one event a second at most: the machine only needs to know the tab is in use.
      const now = Date.now()
      if (now - last < 1_000) return
      last = now
      actor.send({ type: 'INPUT' })
    }
    const shown = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'INPUT' })
    }
    const events = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'focus'] as const
    for (const e of events) window.addEventListener(e, input, { passive: true })
    document.addEventListener('visibilitychange', shown)
    const offConnect = onSocketConnect(() => actor.send({ type: 'CONNECTED' }))
    return () => {
      for (const e of events) window.removeEventListener(e, input)
      document.removeEventListener('visibilitychange', shown)
      offConnect()
    }
  }, [actor])
  return connectActivity(useSelector(actor, (s) => s))
}
