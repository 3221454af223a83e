import { assign, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { DEFAULT_PREFS, deliveryRules, matchKeywords } from '../../../contract/attention'
import type { PushedMessage } from '../../../contract/message'
import { errorTextOf, outputOf } from '../invoke-result'
import { actorNotProvided } from '../not-provided'
import type {
  AttentionContext,
  AttentionEvent,
  AttentionInput,
  AttentionSave,
  AttentionSaved,
  AttentionSettings,
  MessageNotification,
} from './attention.types'

/**
 * The user's attention settings, as every control of them sees them: the topic bell (level and
 * mute), the do-not-disturb menu, the settings page (schedule, time zone, keywords, the
 * missed-message email), the DND indicator, and the browser notifications that obey them.
 *
 *   loading --done--> ready.idle; --error--> failed --RELOAD--> loading
 *   ready.idle --SET_TOPIC | SET_DND | SAVE_SETTINGS--> ready.saving (one save at a time)
 *   ready.saving --done--> ready.idle with the answer; --error--> ready.idle with the message
 *   ready --RELOAD--> loading; TICK moves the clock anywhere
 *
 * A new message (SOCKET_NEW_MESSAGE) shows a browser notification (notifiesMessage) when someone
 * else sent it, it is not deleted, this window does not have the focus, it is no mention of the
 * user and hits none of their keywords (those come as their own notification, so one message
 * notifies once), and the settings let a plain message of that chat push now (contract
 * `deliveryRules`: mute, level, do not disturb).
 *
 * Changed elsewhere (REFRESH, raised by the socket's SETTINGS_CHANGED of the attention area
 * (isAttentionArea) and by its reconnection, when a change may have been missed):
 * the settings are loaded again in the background and applied; a save in this tab is never cut
 * short by a refresh, the refresh waits for it:
 *   ready.idle --REFRESH--> ready.refreshing --done--> ready.idle with what is stored now;
 *     --error--> ready.idle keeping what it shows (the next change or load corrects it)
 *   ready.refreshing: the controls stay usable; a save started now drops the refresh and, marked
 *     stale, refreshes once it lands; another REFRESH restarts the load (the latest write wins)
 *   ready.saving --REFRESH--> marked stale: the save is not cut short, and ready.idle refreshes
 *     once it lands (the save's answer holds only its own part)
 *   loading --REFRESH--> loading again (what was being read may predate the change)
 *   failed: REFRESH is ignored; Try again loads what is stored now
 * The settings form keeps its fields' values while other parts change (do not disturb, a chat's
 * bell); only when the form's own fields were saved elsewhere does it start again from them.
 *
 * Pure: `loadSettings` (GET attention/settings) and `save` (PUT attention/topic | dnd | settings)
 * are injected promise actors.
 */
const notProvided = actorNotProvided('attention')

/** A message's text without its markup. */
const textOf = (message: PushedMessage) =>
  message.message
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** A new message as its browser notification: the sender's name, the text (or the first file's name). */
const notificationOf = (message: PushedMessage): MessageNotification => ({
  tag: message._id,
  title: message.sender?.name ?? '',
  body: (textOf(message) || message.media[0]?.name || '').slice(0, 140),
})

const merge = (settings: AttentionSettings | null, saved: AttentionSaved): AttentionSettings | null => {
  if (saved.kind === 'settings') return saved.settings
  if (!settings) return settings
  return { ...settings, topics: [...settings.topics.filter((t) => t.topic_id !== saved.topic.topic_id), saved.topic] }
}

export const attentionMachine = setup({
  types: {
    context: {} as AttentionContext,
    events: {} as AttentionEvent,
    input: {} as AttentionInput,
  },
  actors: {
    loadSettings: fromPromise<AttentionSettings, void>(notProvided('loadSettings')),
    save: fromPromise<AttentionSaved, AttentionSave>(notProvided('save')),
  },
  guards: {
    /** Changed elsewhere while this tab was saving: load again. */
    isStale: ({ context }) => context.stale,
    isAttentionArea: ({ event }) => event.type === 'SETTINGS_CHANGED' && event.area === 'attention',
    /** A new message this window shows as a browser notification (the settings' defaults until they load). */
    notifiesMessage: ({ context, event }) => {
      if (event.type !== 'SOCKET_NEW_MESSAGE' || event.focused) return false
      const { message } = event
      if (!message.sender || message.sender._id === context.meId || message.is_deleted || message.mentions.includes(context.meId))
        return false
      const settings = context.settings ?? DEFAULT_PREFS
      if (matchKeywords(textOf(message), context.settings?.keywords ?? []).length) return false
      return deliveryRules(settings, { kind: 'message', topicId: message.topic_id }, new Date(context.now)).push
    },
  },
  actions: {
    /** Injected: show the browser notification. */
    showMessageNotification: (_, _notification: MessageNotification) => {},
    refresh: raise({ type: 'REFRESH' }),
    tick: assign(({ event }) => (event.type === 'TICK' ? { now: event.now } : {})),
    markStale: assign({ stale: true }),
    startRefresh: assign({ stale: false }),
    applyRefresh: assign(({ event }) => ({ settings: outputOf<AttentionSettings>(event) })),
    startSave: assign(({ event }) => {
      const saving: AttentionSave | null =
        event.type === 'SET_TOPIC'
          ? {
              kind: 'topic',
              body: {
                topic_id: event.topicId,
                ...(event.level ? { level: event.level } : {}),
                ...(event.mute ? { mute: event.mute } : {}),
              },
            }
          : event.type === 'SET_DND'
            ? { kind: 'dnd', body: { for: event.for } }
            : event.type === 'SAVE_SETTINGS'
              ? { kind: 'settings', body: event.body }
              : null
      return { saving, error: null }
    }),
  },
}).createMachine({
  id: 'attention',
  context: ({ input }) => ({ settings: null, now: input.now, meId: input.meId, saving: null, error: null, stale: false }),
  initial: 'loading',
  on: {
    TICK: { actions: 'tick' },
    SETTINGS_CHANGED: { guard: 'isAttentionArea', actions: 'refresh' },
    CONNECTED: { actions: 'refresh' },
    SOCKET_NEW_MESSAGE: {
      guard: 'notifiesMessage',
      actions: {
        type: 'showMessageNotification',
        params: ({ event }) => notificationOf(event.message),
      },
    },
  },
  states: {
    loading: {
      // A save cut short by a reload is not waited for: the reload answers what was stored.
      entry: assign({ saving: null, stale: false }),
      on: { REFRESH: { target: 'loading', reenter: true } },
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ settings: outputOf<AttentionSettings>(event), error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorTextOf(event) })) },
      },
    },
    failed: {
      on: { RELOAD: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: { RELOAD: '#attention.loading' },
      states: {
        idle: {
          always: { guard: 'isStale', target: 'refreshing' },
          on: {
            SET_TOPIC: { target: 'saving', actions: 'startSave' },
            SET_DND: { target: 'saving', actions: 'startSave' },
            SAVE_SETTINGS: { target: 'saving', actions: 'startSave' },
            REFRESH: { target: 'refreshing' },
          },
        },
        refreshing: {
          entry: 'startRefresh',
          invoke: {
            id: 'refreshSettings',
            src: 'loadSettings',
            onDone: { target: 'idle', actions: 'applyRefresh' },
            onError: { target: 'idle' },
          },
          on: {
            SET_TOPIC: { target: 'saving', actions: ['startSave', 'markStale'] },
            SET_DND: { target: 'saving', actions: ['startSave', 'markStale'] },
            SAVE_SETTINGS: { target: 'saving', actions: ['startSave', 'markStale'] },
            REFRESH: { target: 'refreshing', reenter: true },
          },
        },
        saving: {
          on: { REFRESH: { actions: 'markStale' } },
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => context.saving!,
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                settings: merge(context.settings, outputOf<AttentionSaved>(event)),
                saving: null,
              })),
            },
            onError: { target: 'idle', actions: assign(({ event }) => ({ saving: null, error: errorTextOf(event) })) },
          },
        },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const attentionSampleInput: AttentionInput = { now: Date.parse('2026-03-11T02:00:00Z'), meId: 'me' }

export type AttentionMachine = typeof attentionMachine
export type AttentionActor = ActorRefFrom<AttentionMachine>
export type AttentionSnapshot = SnapshotFrom<AttentionMachine>
