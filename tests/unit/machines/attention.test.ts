import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { type AttentionSettings, DEFAULT_PREFS, MUTED_FOREVER } from '../../../contract/attention'
import { type Message, withoutLinks } from '../../../contract/message'
import { attentionMachine, connect, type AttentionEvent, type AttentionSave, type AttentionSaved } from '../../../src/machines/attention'
import { textMessage } from '../../model/support/messages'

/** The attention controls' props (bell, do not disturb, settings form) and the bodies each control saves, beside the generated paths. */

const NOW = Date.parse('2026-03-11T02:00:00.000Z')
const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()
const STORED: AttentionSettings = {
  time_zone: 'UTC',
  dnd_until: null,
  dnd_schedule: null,
  keywords: ['deploy'],
  digest_email: false,
  topics: [
    { topic_id: 't-hour', level: 'mentions', muted_until: iso(NOW + HOUR) },
    { topic_id: 't-ever', level: 'everything', muted_until: MUTED_FOREVER },
    { topic_id: 't-past', level: 'nothing', muted_until: iso(NOW - HOUR) },
  ],
}

const ME = 'u-me'

function start(script: { load?: () => Promise<AttentionSettings>; save?: (save: AttentionSave) => Promise<AttentionSaved> } = {}) {
  const saves: AttentionSave[] = []
  const shown = vi.fn()
  const loads = vi.fn()
  const actor = createActor(
    attentionMachine.provide({
      actions: { showMessageNotification: (_, notification) => shown(notification) },
      actors: {
        loadSettings: fromPromise(() => {
          loads()
          return (script.load ?? (async () => STORED))()
        }),
        save: fromPromise<AttentionSaved, AttentionSave>(async ({ input }) => {
          saves.push(input)
          return script.save ? script.save(input) : { kind: 'settings', settings: STORED }
        }),
      },
    }),
    { input: { now: NOW, meId: ME } },
  ).start()
  const sent: AttentionEvent[] = []
  const props = () => connect(actor.getSnapshot(), (event) => sent.push(event))
  const idle = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }))
  return { actor, saves, sent, props, idle, shown, loads }
}

describe('attention machine and connect', () => {
  it('shows each chat’s bell from the stored settings: level, mute and until when', async () => {
    const { props, idle } = start()
    await idle()
    const { bell } = props()
    expect(bell('t-hour')).toMatchObject({
      level: 'mentions',
      muted: true,
      mutedUntil: iso(NOW + HOUR),
      mutedForever: false,
      disabled: false,
    })
    expect(bell('t-ever')).toMatchObject({ level: 'everything', muted: true, mutedUntil: null, mutedForever: true })
    expect(bell('t-past')).toMatchObject({ level: 'nothing', muted: false, mutedUntil: null, mutedForever: false })
    expect(bell('t-other')).toMatchObject({ level: 'everything', muted: false, mutedUntil: null, mutedForever: false })
  })

  it('uses the defaults and disables the controls until the settings load, then fills the form', async () => {
    const { props, idle } = start()
    const before = props()
    expect(before.prefs).toEqual(DEFAULT_PREFS)
    expect(before.form).toMatchObject({
      status: 'loading',
      timeZone: null,
      schedule: null,
      keywords: [],
      digestEmail: true,
      saving: false,
      error: null,
    })
    expect(before.bell('t-hour')).toMatchObject({ muted: false, disabled: true })
    expect(before.dnd.disabled).toBe(true)
    await idle()
    expect(props().form).toMatchObject({ status: 'ready', timeZone: 'UTC', keywords: ['deploy'], digestEmail: false })
    expect(props().dnd).toMatchObject({ active: false, until: null, disabled: false })
  })

  it('says the load failed, with the message, and Try again loads once more', async () => {
    let fail = true
    const { actor, props, sent, idle } = start({
      load: async () => {
        if (fail) throw new Error('Server unavailable')
        return STORED
      },
    })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(props().form).toMatchObject({ status: 'failed', error: 'Server unavailable' })
    props().form.onRetry()
    expect(sent).toEqual([{ type: 'RELOAD' }])
    fail = false
    actor.send({ type: 'RELOAD' })
    await idle()
    expect(props().form).toMatchObject({ status: 'ready', error: null })
  })

  it('shows do not disturb turned on by hand only until its end, as the clock moves', async () => {
    const until = iso(NOW + 30 * 60_000)
    const { actor, props, idle } = start({ load: async () => ({ ...STORED, dnd_until: until }) })
    await idle()
    expect(props().dnd).toMatchObject({ active: true, until })
    actor.send({ type: 'TICK', now: NOW + 30 * 60_000 })
    expect(props().dnd).toMatchObject({ active: false, until: null })
    expect(props().bell('t-hour').muted).toBe(true)
    actor.send({ type: 'TICK', now: NOW + HOUR })
    expect(props().bell('t-hour')).toMatchObject({ muted: false, mutedUntil: null })
  })

  it('saves a bell’s level or mute alone, do not disturb, or the form, and disables the controls meanwhile', async () => {
    let land!: () => void
    const { actor, saves, props, idle } = start({
      save: (save) =>
        new Promise((resolve) => {
          land = () =>
            resolve(
              save.kind === 'topic'
                ? { kind: 'topic', topic: { topic_id: 't-past', level: save.body.level ?? 'nothing', muted_until: null } }
                : { kind: 'settings', settings: STORED },
            )
        }),
    })
    await idle()
    actor.send({ type: 'SET_TOPIC', topicId: 't-past', level: 'mentions' })
    expect(props().bell('t-hour').disabled).toBe(true)
    expect(props().dnd.disabled).toBe(true)
    expect(props().form.saving).toBe(false)
    land()
    await idle()
    expect(props().bell('t-past').level).toBe('mentions')
    expect(props().bell('t-hour').level).toBe('mentions')
    expect(actor.getSnapshot().context.settings!.topics).toHaveLength(3)
    actor.send({ type: 'SET_TOPIC', topicId: 't-past', mute: '1h' })
    land()
    await idle()
    actor.send({ type: 'SET_DND', for: '30m' })
    land()
    await idle()
    actor.send({ type: 'SAVE_SETTINGS', body: { keywords: ['release'] } })
    expect(props().form.saving).toBe(true)
    land()
    await idle()
    expect(saves).toEqual([
      { kind: 'topic', body: { topic_id: 't-past', level: 'mentions' } },
      { kind: 'topic', body: { topic_id: 't-past', mute: '1h' } },
      { kind: 'dnd', body: { for: '30m' } },
      { kind: 'settings', body: { keywords: ['release'] } },
    ])
  })

  it('keeps the settings and says why when a save fails, and the next save clears the message', async () => {
    let fail = true
    const { actor, props, idle } = start({
      save: async () => {
        if (fail) throw new Error('Too many keywords')
        return { kind: 'settings', settings: { ...STORED, keywords: ['release'] } }
      },
    })
    await idle()
    actor.send({ type: 'SAVE_SETTINGS', body: { keywords: ['release'] } })
    await idle()
    expect(props().form).toMatchObject({ error: 'Too many keywords', keywords: ['deploy'], saving: false })
    fail = false
    actor.send({ type: 'SAVE_SETTINGS', body: { keywords: ['release'] } })
    expect(props().form.error).toBeNull()
    await idle()
    expect(props().form.keywords).toEqual(['release'])
  })

  it('sends the controls’ events', async () => {
    const { props, sent, idle } = start()
    await idle()
    const p = props()
    p.bell('t-1').onLevel('nothing')
    p.bell('t-1').onMute('forever')
    p.dnd.onSet('tomorrow')
    p.form.onSave({ digest_email: true })
    expect(sent).toEqual([
      { type: 'SET_TOPIC', topicId: 't-1', level: 'nothing' },
      { type: 'SET_TOPIC', topicId: 't-1', mute: 'forever' },
      { type: 'SET_DND', for: 'tomorrow' },
      { type: 'SAVE_SETTINGS', body: { digest_email: true } },
    ])
  })
})

describe('attention machine: new messages as browser notifications', () => {
  const LAN = { _id: 'u-lan', name: 'Lan', workid: 'lan', photo_url: null }
  const message = (extra: Partial<Message> = {}) =>
    withoutLinks(
      textMessage({ _id: 'm-1', topic_id: 't-free', seq: 1, message: 'Lunch at noon?', sender: LAN, created_at: iso(NOW), ...extra }),
    )
  const arrives = (extra: Partial<Message> = {}, focused = false): AttentionEvent => ({
    type: 'SOCKET_NEW_MESSAGE',
    focused,
    message: message(extra),
  })

  it('shows a message from someone else while this window is away: sender, text without markup, or the first file', async () => {
    const { actor, shown, idle } = start()
    await idle()
    actor.send(arrives())
    actor.send(arrives({ _id: 'm-2', type: 'html', message: '<p>Ship <b>it</b></p>' }))
    actor.send({
      type: 'SOCKET_NEW_MESSAGE',
      focused: false,
      message: {
        ...message({ _id: 'm-3', type: 'file', message: '' }),
        media: [
          {
            _id: 'f',
            key: 'k.pdf',
            name: 'plan.pdf',
            mime: 'application/pdf',
            size: 1,
            kind: 'file',
            width: null,
            height: null,
            has_thumb: false,
          },
        ],
      },
    })
    expect(shown.mock.calls.map(([n]) => n)).toEqual([
      { tag: 'm-1', title: 'Lan', body: 'Lunch at noon?' },
      { tag: 'm-2', title: 'Lan', body: 'Ship it' },
      { tag: 'm-3', title: 'Lan', body: 'plan.pdf' },
    ])
  })

  it('shows nothing while the window has the focus, for the user’s own, a deleted or a system message, a mention or a keyword hit', async () => {
    const { actor, shown, idle } = start()
    await idle()
    actor.send(arrives({}, true))
    actor.send(arrives({ sender: { ...LAN, _id: ME } }))
    actor.send(arrives({ is_deleted: true, message: '' }))
    actor.send(arrives({ sender: null }))
    actor.send(arrives({ mentions: [ME] }))
    actor.send(arrives({ message: 'The deploy is done' }))
    expect(shown).not.toHaveBeenCalled()
  })

  it('obeys the settings: nothing from a muted chat or during do not disturb; the defaults before they load', async () => {
    const { actor, shown, idle } = start({ load: async () => ({ ...STORED, dnd_until: iso(NOW + 30 * 60_000) }) })
    actor.send(arrives({ _id: 'm-early' }))
    await idle()
    actor.send(arrives({ _id: 'm-dnd' }))
    actor.send({ type: 'TICK', now: NOW + HOUR + 1 })
    actor.send(arrives({ _id: 'm-muted', topic_id: 't-ever' }))
    actor.send(arrives({ _id: 'm-after' }))
    expect(shown.mock.calls.map(([n]) => n.tag)).toEqual(['m-early', 'm-after'])
  })
})

describe('attention machine: loaded again when changed elsewhere', () => {
  it('a change of the attention settings elsewhere, or a reconnection, loads them again; a change of contacts does not', async () => {
    const { actor, loads, idle } = start()
    await idle()
    expect(loads).toHaveBeenCalledTimes(1)
    actor.send({ type: 'SETTINGS_CHANGED', area: 'contacts' })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    actor.send({ type: 'SETTINGS_CHANGED', area: 'attention' })
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true)
    await idle()
    actor.send({ type: 'CONNECTED' })
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true)
    await idle()
    expect(loads).toHaveBeenCalledTimes(3)
  })
})
