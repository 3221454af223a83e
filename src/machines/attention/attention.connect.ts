import {
  type AttentionPrefs,
  type AttentionSettingsBody,
  DEFAULT_PREFS,
  type DndSchedule,
  inDnd,
  MUTED_FOREVER,
  topicState,
} from '../../../contract/attention'
import type { AttentionSnapshot } from './attention.machine'
import type { AttentionEvent, DndOption, MuteOption, NotifyLevel } from './attention.types'

/** The bell of one topic: its level and mute. */
export interface TopicBellProps {
  level: NotifyLevel
  muted: boolean
  /** When the mute ends (ISO); null while not muted or muted until turned back on. */
  mutedUntil: string | null
  /** Muted until turned back on. */
  mutedForever: boolean
  /** Not loaded yet, or another save is running. */
  disabled: boolean
  onLevel: (level: NotifyLevel) => void
  onMute: (option: MuteOption) => void
}

/** The user menu's do-not-disturb entry and the avatar's indicator. */
export interface DndMenuProps {
  active: boolean
  /** Turned on by hand until then (ISO); null when off or only the working hours apply. */
  until: string | null
  disabled: boolean
  onSet: (option: DndOption) => void
}

/** The settings page section: time zone, working hours, keyword alerts, the missed-message email. */
export interface AttentionSettingsFormProps {
  status: 'loading' | 'failed' | 'ready'
  timeZone: string | null
  schedule: DndSchedule | null
  keywords: string[]
  digestEmail: boolean
  saving: boolean
  /** The last save or load failed with this message. */
  error: string | null
  onSave: (body: AttentionSettingsBody) => void
  onRetry: () => void
}

export interface AttentionProps {
  bell: (topicId: string) => TopicBellProps
  dnd: DndMenuProps
  form: AttentionSettingsFormProps
  /** What the delivery rules read (the defaults until loaded). */
  prefs: AttentionPrefs
}

/** Pure: snapshot and send -> the bell's, the DND menu's and the settings section's props. */
export function connect(snapshot: AttentionSnapshot, send: (event: AttentionEvent) => void): AttentionProps {
  const { settings, now, saving, error } = snapshot.context
  const at = new Date(now)
  const ready = snapshot.matches('ready')
  const busy = !ready || snapshot.matches({ ready: 'saving' })
  const prefs: AttentionPrefs = settings ?? DEFAULT_PREFS
  const manualUntil = settings?.dnd_until && Date.parse(settings.dnd_until) > now ? settings.dnd_until : null
  return {
    bell: (topicId) => {
      const state = topicState(prefs, topicId, at)
      const until = state.muted ? (prefs.topics.find((t) => t.topic_id === topicId)?.muted_until ?? null) : null
      return {
        level: state.level,
        muted: state.muted,
        mutedUntil: until === MUTED_FOREVER ? null : until,
        mutedForever: until === MUTED_FOREVER,
        disabled: busy,
        onLevel: (level) => send({ type: 'SET_TOPIC', topicId, level }),
        onMute: (mute) => send({ type: 'SET_TOPIC', topicId, mute }),
      }
    },
    dnd: {
      active: inDnd(prefs, at),
      until: manualUntil,
      disabled: busy,
      onSet: (option) => send({ type: 'SET_DND', for: option }),
    },
    form: {
      status: ready ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading',
      timeZone: settings?.time_zone ?? null,
      schedule: settings?.dnd_schedule ?? null,
      keywords: settings?.keywords ?? [],
      digestEmail: settings?.digest_email ?? true,
      saving: saving?.kind === 'settings',
      error,
      onSave: (body) => send({ type: 'SAVE_SETTINGS', body }),
      onRetry: () => send({ type: 'RELOAD' }),
    },
    prefs,
  }
}
