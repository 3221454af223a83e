import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { createActor, fromPromise } from 'xstate'
import { type AttentionEvent as RuleEvent, DEFAULT_PREFS, deliveryRules, isTimeZone } from '../../contract/attention'
import type { Notification } from '../../contract/notify'
import {
  type AttentionActor,
  type AttentionProps,
  type AttentionSave,
  type AttentionSaved,
  attentionMachine,
  connect,
} from '../machines/attention'
import { connect as connectDndNotice, dndNoticeMachine } from '../machines/dnd-notice'
import * as api from './api/attention'
import { showBrowserNotification } from './browser-notifications'
import { failingWithMessage } from './failure'
import { onSocketConnect, onSocketEvent } from './socket'
import { browserTimeZone } from './time-zones'
import { confirmSaved } from './toast'

/**
 * The attention machine as the app runs it: one actor per signed-in user (started by the sidebar
 * layout), shared by the topic bell, the DND menu and indicator, the settings page section and the
 * browser notifications, which obey the same rule as the server (contract `deliveryRules`) with the
 * settings this actor loaded.
 */
export const appAttentionMachine = attentionMachine.provide({
  actions: { showMessageNotification: (_, notification) => showBrowserNotification(notification) },
  actors: {
    loadSettings: fromPromise(() => failingWithMessage(api.getAttentionSettings())),
    save: fromPromise<AttentionSaved, AttentionSave>(async ({ input }) => {
      if (input.kind === 'topic') return { kind: 'topic', topic: await failingWithMessage(api.setTopicAttention(input.body)) }
      if (input.kind === 'dnd') return { kind: 'settings', settings: await failingWithMessage(api.setDnd(input.body.for)) }
      const settings = await failingWithMessage(api.updateAttentionSettings(input.body))
      // The settings page's Save: say it saved (the bell and DND menus show their own result).
      confirmSaved()
      return { kind: 'settings', settings }
    }),
  },
})

const TICK_MS = 30_000

let current: AttentionActor | null = null
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The browser's own time zone, when it is an IANA name the server accepts. */
const ownTimeZone = (): string | null => {
  const tz = browserTimeZone()
  return isTimeZone(tz) ? tz : null
}

/** May this event push (a browser notification) now, by the user's settings? The defaults until they load. */
export function pushAllowed(event: RuleEvent): boolean {
  const settings = current?.getSnapshot().context.settings ?? DEFAULT_PREFS
  return deliveryRules(settings, event, new Date()).push
}

/** The rule's event for a notification of the inbox (a mention, a keyword alert or "notify anyway" is a mention). */
type NotificationFields = Pick<Notification, '_id'> & Partial<Pick<Notification, 'notifiable_type' | 'value' | 'object_id'>>

export const attentionEventOf = (n: NotificationFields): RuleEvent =>
  n.notifiable_type === 'tag_message'
    ? { kind: 'mention', topicId: n.value?.topic_id ?? n.object_id ?? null, urgent: n.value?.urgent === true }
    : { kind: 'other' }

/**
 * Starts the signed-in user's attention actor (the sidebar layout calls it): loads the settings,
 * stores the browser's time zone the first time, moves the clock every 30 s (mutes and do not
 * disturb end on their own), and forwards the socket's settings changes, reconnections and new
 * messages (with whether this window has the focus): the chart decides which to load again for and
 * which to show as a browser notification.
 */
export function useAttentionRuntime(meId: string) {
  useEffect(() => {
    if (!meId) return
    const actor = createActor(appAttentionMachine, { input: { now: Date.now(), meId } })
    let zoneSent = false
    const watch = actor.subscribe((snapshot) => {
      changed()
      const settings = snapshot.context.settings
      if (!zoneSent && snapshot.matches({ ready: 'idle' }) && settings && settings.time_zone === null) {
        zoneSent = true
        const tz = ownTimeZone()
        if (tz) actor.send({ type: 'SAVE_SETTINGS', body: { time_zone: tz } })
      }
    })
    current = actor
    actor.start()
    changed()
    const timer = setInterval(() => actor.send({ type: 'TICK', now: Date.now() }), TICK_MS)
    const stopMessages = onSocketEvent('NEW_MESSAGE', (payload) =>
      actor.send({ type: 'SOCKET_NEW_MESSAGE', focused: document.hasFocus(), ...payload }),
    )
    const stopChanges = onSocketEvent('SETTINGS_CHANGED', (payload) => actor.send({ type: 'SETTINGS_CHANGED', ...payload }))
    const stopConnects = onSocketConnect(() => actor.send({ type: 'CONNECTED' }))
    return () => {
      clearInterval(timer)
      stopMessages()
      stopChanges()
      stopConnects()
      watch.unsubscribe()
      actor.stop()
      if (current === actor) current = null
      changed()
    }
  }, [meId])
}

const snapshotOf = () => current?.getSnapshot() ?? null

/** The attention controls' props (null before the layout started the actor). */
export function useAttention(): AttentionProps | null {
  const snapshot = useSyncExternalStore(subscribe, snapshotOf, () => null)
  return useMemo(() => (snapshot && current ? connect(snapshot, current.send) : null), [snapshot])
}

/** Shows a browser notification for an inbox notification only when the rules let it push (the notification badge's `showPush`). */
export function showNotificationPush(n: NotificationFields, content: { title: string; body: string }) {
  if (!pushAllowed(attentionEventOf(n))) return
  showBrowserNotification({ tag: n._id, ...content })
}

export const appDndNoticeMachine = dndNoticeMachine.provide({
  actors: {
    checkPerson: fromPromise(({ input }: { input: { customerId: string } }) => failingWithMessage(api.personAttention(input.customerId))),
    notifyAnyway: fromPromise(({ input }: { input: { topicId: string } }) => failingWithMessage(api.notifyAnyway(input.topicId))),
  },
})

/**
 * The 1:1 chat's do-not-disturb hint: the dndNotice chart (which checks the other person when the
 * chat opens, when the socket says the partner's do not disturb changed or (re)connects, at its end
 * and every minute), fed the socket's new messages (one the user sends may be notified anyway again).
 */
export function useDndNotice(topicId: string, partnerId: string, meId: string) {
  const actor = useActorRef(appDndNoticeMachine, { input: { topicId, partnerId, meId } })
  useEffect(() => {
    const stopMessages = onSocketEvent('NEW_MESSAGE', (payload) => actor.send({ type: 'SOCKET_NEW_MESSAGE', ...payload }))
    const stopChanges = onSocketEvent('PERSON_DND_CHANGED', (payload) => actor.send({ type: 'PERSON_DND_CHANGED', ...payload }))
    const stopConnects = onSocketConnect(() => actor.send({ type: 'CONNECTED' }))
    return () => {
      stopMessages()
      stopChanges()
      stopConnects()
    }
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectDndNotice(snapshot, actor.send), [snapshot, actor])
}
