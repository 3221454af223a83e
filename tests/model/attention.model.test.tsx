import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { AttentionSettings } from '../../contract/attention'
import { withoutLinks } from '../../contract/message'
import { attentionMachine, connect, type AttentionSave } from '../../src/machines/attention'
import { AttentionSettingsSection } from '../../src/ui/attention/attention-settings-section'
import { DndMenu } from '../../src/ui/attention/dnd-menu'
import { TopicBell } from '../../src/ui/attention/topic-bell'
import { textMessage } from './support/messages'
import { routed } from './support/routed'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof attentionMachine>

const NOW = Date.parse('2026-03-11T02:00:00.000Z')
const DND_UNTIL = '2026-03-11T02:30:00.000Z'
/** An hour on: the 30-minute pause is over. */
const LATER = NOW + 60 * 60_000
const SCHEDULE = { enabled: false, days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }
const STORED: AttentionSettings = {
  time_zone: 'Asia/Ho_Chi_Minh',
  dnd_until: null,
  dnd_schedule: SCHEDULE,
  keywords: ['deploy'],
  digest_email: true,
  topics: [],
}
/** What the settings form sends after the keywords field is changed to "deploy, phát hành". */
const FORM_BODY = { time_zone: 'Asia/Ho_Chi_Minh', dnd_schedule: SCHEDULE, keywords: ['deploy', 'phát hành'], digest_email: true }
/** Stored after a 30-minute pause, and after the form above was saved (here or in another tab). */
const AFTER_DND: AttentionSettings = { ...STORED, dnd_until: DND_UNTIL }
const AFTER_FORM: AttentionSettings = { ...STORED, keywords: FORM_BODY.keywords }
/** The settings form's own fields (what it starts again from when they were saved elsewhere). */
/** A message from Lan in another chat (t2), pushed while this window is away or has the focus. */
const LAN = { _id: 'u-lan', name: 'Lan', workid: 'lan', photo_url: null }
const lunch = withoutLinks(
  textMessage({ _id: 'm-1', topic_id: 't2', seq: 1, message: 'Lunch at noon?', sender: LAN, created_at: '2026-03-11T02:00:00.000Z' }),
)
const formFields = (s: AttentionSettings | null) => JSON.stringify(s && [s.time_zone, s.dnd_schedule, s.keywords, s.digest_email])

const hhmm = (iso: string) => {
  const d = new Date(iso)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/** What the server answers to each save (written here, not taken from the machine). */
const answerTo = (save: AttentionSave) => {
  if (save.kind === 'topic')
    return {
      kind: 'topic',
      topic: {
        topic_id: 't1',
        level: save.body.level ?? 'everything',
        muted_until: save.body.mute === '1h' ? '2026-03-11T03:00:00.000Z' : null,
      },
    }
  if (save.kind === 'dnd') return { kind: 'settings', settings: AFTER_DND }
  return { kind: 'settings', settings: AFTER_FORM }
}

const page = routed(attentionMachine, (snapshot, send) => {
  const props = connect(snapshot, send)
  return (
    <>
      <TopicBell {...props.bell('t1')} />
      <DndMenu {...props.dnd} />
      <AttentionSettingsSection {...props.form} />
    </>
  )
})

/** Keywords typed into the form and not saved yet (kept by the test): a failed save keeps them for another try. */
const typed = new WeakMap<object, string>()
/** What a refresh just answered (kept by the test): the controls show it right after. */
const refreshedTo = new WeakMap<object, AttentionSettings>()

const bellButton = ({ screen }: Kit) => screen.getByRole('button', { name: /^Chat notifications:/ })
const dndButton = ({ screen }: Kit) => screen.getByRole('button', { name: /^Do not disturb:/ })
const section = ({ screen }: Kit) => screen.getByRole('region', { name: 'Notifications' })

describeModel({
  machine: attentionMachine,
  input: { now: NOW, meId: 'u-me' },
  // Every transition once (the settings' combinations would make the graph wide).
  select: 'transitions',
  // While a refresh runs or is due, the settings it shows are about to be replaced by what is
  // stored: where it is, what it saves and whether an error shows are what tell those states apart.
  serializeState: (s) =>
    s.context.stale || s.matches({ ready: 'refreshing' })
      ? JSON.stringify({ value: s.value, stale: s.context.stale, saving: s.context.saving?.kind ?? null, error: s.context.error !== null })
      : JSON.stringify({ value: s.value, context: s.context }),
  events: {
    'xstate.done.actor.loadSettings': [{ type: 'xstate.done.actor.loadSettings', output: STORED }],
    'xstate.error.actor.loadSettings': [{ type: 'xstate.error.actor.loadSettings', error: new Error('Server Error') }],
    // Another tab or device paused notifications for 30 minutes, or saved the form (the same stored
    // settings a save here answers: the graph stays small, and each differs from STORED).
    'xstate.done.actor.refreshSettings': [AFTER_DND, AFTER_FORM].map((output) => ({ type: 'xstate.done.actor.refreshSettings', output })),
    'xstate.error.actor.refreshSettings': [{ type: 'xstate.error.actor.refreshSettings', error: new Error('Server Error') }],
    'xstate.done.actor.save': (s) => (s.context.saving ? [{ type: 'xstate.done.actor.save', output: answerTo(s.context.saving) }] : []),
    'xstate.error.actor.save': [{ type: 'xstate.error.actor.save', error: new Error('Permission denied') }],
    // The bell offers the mutes while the chat is not muted, and "Unmute" while it is.
    SET_TOPIC: (s) => {
      const t1 = s.context.settings?.topics.find((t) => t.topic_id === 't1')
      const muted = t1?.muted_until ? Date.parse(t1.muted_until) > s.context.now : false
      return [
        { type: 'SET_TOPIC', topicId: 't1', level: 'mentions' },
        { type: 'SET_TOPIC', topicId: 't1', mute: muted ? 'off' : '1h' },
      ]
    },
    SET_DND: [{ type: 'SET_DND', for: '30m' }],
    SAVE_SETTINGS: [{ type: 'SAVE_SETTINGS', body: FORM_BODY }],
    TICK: [{ type: 'TICK', now: LATER }],
    // The socket: a change of these settings or of contacts elsewhere, a reconnection; a new message.
    SETTINGS_CHANGED: [
      { type: 'SETTINGS_CHANGED', area: 'attention' },
      { type: 'SETTINGS_CHANGED', area: 'contacts' },
    ],
    CONNECTED: [{ type: 'CONNECTED' }],
    SOCKET_NEW_MESSAGE: [
      { type: 'SOCKET_NEW_MESSAGE', focused: false, message: lunch },
      { type: 'SOCKET_NEW_MESSAGE', focused: true, message: lunch },
    ],
  },
  spyActions: ['showMessageNotification'],
  render: page.render,
  ready: page.ready,
  perform: {
    'xstate.done.actor.loadSettings': async (_, kit) => {
      typed.delete(kit.actor)
      await kit.resolve('loadSettings', STORED)
    },
    'xstate.error.actor.loadSettings': async (_, kit) => {
      await kit.reject('loadSettings', new Error('Server Error'))
    },
    'xstate.done.actor.refreshSettings': async (event, kit) => {
      const stored = (event as unknown as { output: AttentionSettings }).output
      // Saved elsewhere, the form's own fields start again from what is stored; anything else keeps what was typed.
      if (formFields(stored) !== formFields(kit.previous.context.settings)) typed.delete(kit.actor)
      refreshedTo.set(kit.actor, stored)
      await kit.resolve('refreshSettings', stored)
    },
    'xstate.done.actor.save': async (_, kit) => {
      if (kit.previous.context.saving?.kind === 'settings') typed.delete(kit.actor)
      await kit.resolve('save', answerTo(kit.previous.context.saving!))
    },
    'xstate.error.actor.save': async (_, kit) => {
      await kit.reject('save', new Error('Permission denied'))
    },
    RELOAD: async (_, kit) => {
      // Loading again shows the stored settings: what was typed and not saved is gone.
      typed.delete(kit.actor)
      if (kit.previous.matches('failed')) await kit.user.click(within(section(kit)).getByRole('button', { name: 'Try again' }))
      else await kit.send({ type: 'RELOAD' })
    },
    SET_TOPIC: async (event, kit) => {
      await kit.user.click(bellButton(kit))
      const name = event.level === 'mentions' ? 'Mentions only' : event.mute === 'off' ? 'Unmute' : 'Mute for 1 hour'
      await kit.user.click(kit.screen.getByRole('menuitem', { name }))
      expect(kit.pending('save').input).toEqual({
        kind: 'topic',
        body: event.level ? { topic_id: 't1', level: 'mentions' } : { topic_id: 't1', mute: event.mute },
      })
    },
    SET_DND: async (_, kit) => {
      await kit.user.click(dndButton(kit))
      await kit.user.click(kit.screen.getByRole('menuitem', { name: 'Pause for 30 minutes' }))
      expect(kit.pending('save').input).toEqual({ kind: 'dnd', body: { for: '30m' } })
    },
    SOCKET_NEW_MESSAGE: async (event, kit) => {
      const shown = kit.actions.showMessageNotification.mock.calls.length
      await kit.send({ type: 'SOCKET_NEW_MESSAGE', focused: event.focused, message: lunch })
      // Not from the machine: shown only while the window is away and no do not disturb by hand is on
      // (the only setting the paths change that holds back a message of t2).
      const { settings, now } = kit.previous.context
      const paused = settings?.dnd_until ? Date.parse(settings.dnd_until) > now : false
      const expected = !event.focused && !paused ? [{ tag: 'm-1', title: 'Lan', body: 'Lunch at noon?' }] : []
      expect(kit.actions.showMessageNotification.mock.calls.slice(shown).map(([, params]) => params)).toEqual(expected)
    },
    SAVE_SETTINGS: async (_, kit) => {
      const keywords = within(section(kit)).getByRole('textbox', { name: /Keyword alerts/ })
      await kit.user.clear(keywords)
      await kit.user.type(keywords, 'deploy, phát hành')
      typed.set(kit.actor, 'deploy, phát hành')
      await kit.user.click(within(section(kit)).getByRole('button', { name: 'Save notification settings' }))
      expect(kit.pending('save').input).toEqual({ kind: 'settings', body: FORM_BODY })
    },
  },
  states: {
    loading: (_, kit) => {
      expect(within(section(kit)).getByRole('status').textContent).toBe('Loading…')
    },
    failed: (_, kit) => {
      expect(within(section(kit)).getByRole('alert').textContent).toContain('Server Error')
    },
    ready: (expected, kit) => {
      const { settings, now } = expected.context
      const topic = settings!.topics.find((t) => t.topic_id === 't1')
      const muted = topic?.muted_until ? Date.parse(topic.muted_until) > now : false
      const label = muted
        ? `Chat notifications: Muted until `
        : `Chat notifications: ${topic?.level === 'mentions' ? 'Mentions only' : 'All messages'}`
      expect(bellButton(kit).getAttribute('aria-label')).toContain(label)
      const dndOn = settings!.dnd_until !== null && Date.parse(settings!.dnd_until) > now
      expect(dndButton(kit).getAttribute('aria-label')).toBe(
        dndOn ? `Do not disturb: Do not disturb until ${hhmm(settings!.dnd_until!)}` : 'Do not disturb: Notifications on',
      )
      expect((within(section(kit)).getByRole('textbox', { name: /Keyword alerts/ }) as HTMLInputElement).value).toBe(
        typed.get(kit.actor) ?? settings!.keywords.join(', '),
      )
      // Changed elsewhere: the moon and the form show what the refresh answered.
      const stored = refreshedTo.get(kit.actor)
      if (stored) {
        refreshedTo.delete(kit.actor)
        expect(dndButton(kit).getAttribute('aria-label')).toBe(
          stored.dnd_until && Date.parse(stored.dnd_until) > now
            ? `Do not disturb: Do not disturb until ${hhmm(stored.dnd_until)}`
            : 'Do not disturb: Notifications on',
        )
        if (!typed.has(kit.actor))
          expect((within(section(kit)).getByRole('textbox', { name: /Keyword alerts/ }) as HTMLInputElement).value).toBe(
            stored.keywords.join(', '),
          )
      }
    },
    'ready.idle': (expected, kit) => {
      expect(within(section(kit)).getByRole<HTMLButtonElement>('button', { name: 'Save notification settings' }).disabled).toBe(false)
      if (expected.context.error) expect(within(section(kit)).getByRole('alert').textContent).toBe(expected.context.error)
      else expect(within(section(kit)).queryByRole('alert')).toBeNull()
    },
    'ready.refreshing': (expected, kit) => {
      // Loading again in the background: no "Loading…", every control stays usable, nothing is being saved.
      expect(kit.pending('refreshSettings').src).toBe('loadSettings')
      expect(within(section(kit)).queryByRole('status')).toBeNull()
      expect(within(section(kit)).getByRole<HTMLButtonElement>('button', { name: 'Save notification settings' }).disabled).toBe(false)
      expect(expected.context.saving).toBeNull()
    },
    'ready.saving': (expected, kit) => {
      if (expected.context.saving?.kind === 'settings')
        expect(within(section(kit)).getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true)
      else expect(within(section(kit)).getByRole<HTMLButtonElement>('button', { name: 'Save notification settings' }).disabled).toBe(false)
    },
  },
})
