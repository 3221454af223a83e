import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { type AttentionSettings, DEFAULT_PREFS, MUTED_FOREVER } from '../../../contract/attention'
import { attentionMachine, connect, type AttentionEvent, type AttentionSave, type AttentionSaved } from '../../../src/machines/attention'

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

function start(script: { load?: () => Promise<AttentionSettings>; save?: (save: AttentionSave) => Promise<AttentionSaved> } = {}) {
  const saves: AttentionSave[] = []
  const actor = createActor(
    attentionMachine.provide({
      actors: {
        loadSettings: fromPromise(script.load ?? (async () => STORED)),
        save: fromPromise<AttentionSaved, AttentionSave>(async ({ input }) => {
          saves.push(input)
          return script.save ? script.save(input) : { kind: 'settings', settings: STORED }
        }),
      },
    }),
    { input: { now: NOW } },
  ).start()
  const sent: AttentionEvent[] = []
  const props = () => connect(actor.getSnapshot(), (event) => sent.push(event))
  const idle = () => waitFor(actor, (s) => s.matches({ ready: 'idle' }))
  return { actor, saves, sent, props, idle }
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
