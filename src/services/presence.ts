import { useEffect, useSyncExternalStore } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { type CustomStatus, type Presence, PRESENCE_WATCH_MAX } from '../../contract/presence'
import { activityMachine, connect as connectActivity } from '../machines/activity'
import { presenceOf } from './api/presence'
import { currentSocket, onSocketConnect, onSocketEvent } from './socket'

/**
 * Presence of the people on the screen: each avatar, header or row that shows someone's presence
 * asks `usePresence(id)`; the ids asked for are the tab's PRESENCE_WATCH list (the server then
 * sends their PRESENCE_CHANGED and STATUS_CHANGED here) and are read once with POST presence/of,
 * again after a reconnect. The answers are kept per person for every view that shows them.
 */
const known = new Map<string, Presence>()
const interest = new Map<string, number>()
const listeners = new Set<() => void>()
let flushQueued = false
let asked = new Set<string>()
let wired = false

const notify = () => {
  for (const listener of listeners) listener()
}

function put(id: string, change: (before: Presence) => Presence) {
  const before = known.get(id) ?? { user_id: id, state: 'offline', last_seen_at: null, dnd: false, status: null }
  known.set(id, change(before))
  notify()
}

async function load(ids: string[]) {
  for (let i = 0; i < ids.length; i += PRESENCE_WATCH_MAX) {
    const batch = ids.slice(i, i + PRESENCE_WATCH_MAX)
    try {
      for (const p of await presenceOf(batch)) known.set(p.user_id, p)
      notify()
    } catch {
      // Someone on the screen is no longer there (404): the dots wait for the next change.
    }
  }
}

/** Tells the server whom this tab watches, then reads the ones not read yet (all of them after a reconnect). */
function flush(all = false) {
  flushQueued = false
  const socket = currentSocket()
  const ids = [...interest.keys()].slice(0, PRESENCE_WATCH_MAX)
  const fresh = all ? ids : ids.filter((id) => !asked.has(id))
  asked = new Set(ids)
  const read = () => (fresh.length ? load(fresh) : Promise.resolve())
  if (socket?.connected) socket.timeout(5_000).emit('PRESENCE_WATCH', { user_ids: ids }, () => void read())
  else void read()
}

function queueFlush() {
  if (flushQueued) return
  flushQueued = true
  queueMicrotask(() => flush())
}

function wire() {
  if (wired) return
  wired = true
  onSocketEvent('PRESENCE_CHANGED', (p) => put(p.user_id, (before) => ({ ...before, state: p.state, last_seen_at: p.last_seen_at })))
  onSocketEvent('STATUS_CHANGED', (p) => put(p.user_id, (before) => ({ ...before, status: p.status })))
  onSocketEvent('PERSON_DND_CHANGED', (p) => {
    if (interest.has(p.customer_id)) void load([p.customer_id])
  })
  onSocketConnect(() => flush(true))
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The person's presence (null until read, or when the user may not see them). */
export function usePresence(userId: string | null | undefined): Presence | null {
  useEffect(() => {
    if (!userId) return
    wire()
    interest.set(userId, (interest.get(userId) ?? 0) + 1)
    queueFlush()
    return () => {
      const left = (interest.get(userId) ?? 1) - 1
      if (left > 0) interest.set(userId, left)
      else {
        interest.delete(userId)
        queueFlush()
      }
    }
  }, [userId])
  return useSyncExternalStore(subscribe, () => (userId ? (known.get(userId) ?? null) : null))
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
