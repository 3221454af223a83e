import { expect } from 'vitest'
import type { Presence } from '../../contract/presence'
import { presenceIn, presenceMachine, type PresenceSnapshot } from '../../src/machines/presence'
import { PersonStatus, PresenceAvatar, PresenceHookContext } from '../../src/ui/presence/presence-context'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof presenceMachine>

/** What the server answers for each person read. */
const SERVER: Record<string, Presence> = {
  'u-an': { user_id: 'u-an', state: 'online', last_seen_at: null, dnd: false, status: null },
  'u-bao': { user_id: 'u-bao', state: 'online', last_seen_at: null, dnd: true, status: null },
}
const NAMES: Record<string, string> = { 'u-an': 'An', 'u-bao': 'Bao' }
const HOLIDAY = { emoji: '🌴', text: 'On holiday', expires_at: null }

/** What each person's dot and status should say, as the test told the machine (not from it). */
const toldOf = new WeakMap<object, Map<string, Presence>>()
const told = (kit: Kit) => {
  if (!toldOf.has(kit.actor)) toldOf.set(kit.actor, new Map())
  return toldOf.get(kit.actor)!
}
const shown = (s: PresenceSnapshot) => Object.keys(s.context.shown)
const label = (p: Presence) => (p.dnd ? 'do not disturb' : p.state)
const an = (s: PresenceSnapshot) => s.context.known['u-an']

describeModel({
  machine: presenceMachine,
  // One path per state value and per transition not yet taken (the lists and reads make the abstract graph large).
  select: 'coverage',
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      shown: s.context.shown,
      read: s.context.read,
      stale: s.context.stale,
      known: Object.values(s.context.known).map((p) => `${p.user_id}:${p.state}:${p.status?.emoji ?? ''}`),
    }),
  events: {
    // An's row appears, then Bao's; a second view of An (her header); each goes away.
    WATCH: (s) =>
      !s.context.shown['u-an']
        ? [{ type: 'WATCH', userId: 'u-an' }]
        : [
            ...(s.context.shown['u-bao'] ? [] : [{ type: 'WATCH', userId: 'u-bao' }]),
            ...(s.context.shown['u-an'] === 1 ? [{ type: 'WATCH', userId: 'u-an' }] : []),
          ],
    UNWATCH: (s) =>
      shown(s)
        .slice(-1)
        .map((userId) => ({ type: 'UNWATCH', userId })),
    // The server answers for the people the sync asked about.
    'xstate.done.actor.sync': (s) => [{ type: 'xstate.done.actor.sync', output: s.context.reading.map((id) => SERVER[id]!) }],
    'xstate.error.actor.sync': [{ type: 'xstate.error.actor.sync', error: new Error('offline') }],
    // An went away; An set a status; An's or a stranger's do not disturb changed.
    PRESENCE_CHANGED: (s) =>
      an(s)?.state === 'online' ? [{ type: 'PRESENCE_CHANGED', user_id: 'u-an', state: 'away', last_seen_at: null }] : [],
    STATUS_CHANGED: (s) => (an(s) && !an(s)!.status ? [{ type: 'STATUS_CHANGED', user_id: 'u-an', status: HOLIDAY }] : []),
    DND_CHANGED: [
      { type: 'DND_CHANGED', userId: 'u-an' },
      { type: 'DND_CHANGED', userId: 'u-stranger' },
    ],
    CONNECTED: (s) => (shown(s).length ? [{ type: 'CONNECTED' }] : []),
  },
  render: (snapshot) => (
    <PresenceHookContext.Provider value={(id) => presenceIn(snapshot, id)}>
      <ul aria-label="People">
        {shown(snapshot).map((id) => (
          <li key={id} aria-label={NAMES[id]}>
            <PresenceAvatar userId={id} photoUrl={null} initials={NAMES[id]!.slice(0, 1)} />
            <PersonStatus userId={id} />
          </li>
        ))}
      </ul>
    </PresenceHookContext.Provider>
  ),
  perform: {
    'xstate.done.actor.sync': async (_, kit) => {
      // The server answers for the people asked (the sync's own input, not the machine's context).
      const answer = (kit.pending('sync').input as { read: string[] }).read.map((id) => SERVER[id]!)
      await kit.resolve('sync', answer)
      for (const p of answer) told(kit).set(p.user_id, p)
    },
    PRESENCE_CHANGED: async (_, kit) => {
      await kit.send({ type: 'PRESENCE_CHANGED', user_id: 'u-an', state: 'away', last_seen_at: null })
      told(kit).set('u-an', { ...told(kit).get('u-an')!, state: 'away' })
    },
    STATUS_CHANGED: async (_, kit) => {
      await kit.send({ type: 'STATUS_CHANGED', user_id: 'u-an', status: HOLIDAY })
      told(kit).set('u-an', { ...told(kit).get('u-an')!, status: HOLIDAY })
    },
  },
  states: {
    '*': (expected, kit) => {
      // Each person shown has the dot (and status) the test told of; nobody not read yet has one.
      for (const id of shown(expected)) {
        const row = kit.screen.getByRole('listitem', { name: NAMES[id] })
        const p = told(kit).get(id)
        const dot = row.querySelector('[role="img"][aria-label]')
        expect(dot?.getAttribute('aria-label') ?? null).toBe(p ? label(p) : null)
        expect(row.textContent?.includes('On holiday')).toBe(p?.status?.text === 'On holiday')
      }
    },
    idle: (_, kit) => {
      expect(kit.calls.filter((c) => c.src === 'sync' && !c.settled)).toEqual([])
    },
    settling: (_, kit) => {
      // The moment's changes wait to go together: no sync on its way yet.
      expect(kit.calls.filter((c) => c.src === 'sync' && !c.settled)).toEqual([])
    },
    syncing: (expected, kit) => {
      // The whole list goes to the server; only those not read before are read (not from the machine: the test's own record).
      const { watch, read } = kit.pending('sync').input as { watch: string[]; read: string[] }
      // (A list changed since it started is stale: another sync follows with the new one.)
      if (!expected.context.stale) expect(watch).toEqual(shown(expected))
      for (const id of read) expect(watch).toContain(id)
    },
  },
})
