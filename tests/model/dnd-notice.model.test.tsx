import { expect, vi } from 'vitest'
import { withoutLinks } from '../../contract/message'
import { connect, dndNoticeMachine } from '../../src/machines/dnd-notice'
import { DndNotice } from '../../src/ui/attention/dnd-notice'
import { textMessage } from './support/messages'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof dndNoticeMachine>

const UNTIL = '2026-03-11T10:30:00.000Z'
/** The local wall-clock time of UNTIL, worked out without the view's date library. */
const untilLocal = (() => {
  const d = new Date(UNTIL)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
})()
const input = { partnerId: 'partner-1', topicId: 'topic-1', meId: 'me' }
/** A message pushed to the user's sockets: `by` sent it in `topicId`. */
const pushed = (by: string, topicId: string) =>
  withoutLinks(
    textMessage({
      _id: `m-${by}-${topicId}`,
      topic_id: topicId,
      seq: 2,
      message: 'Are you there?',
      sender: { _id: by, name: by, workid: by, photo_url: null },
      created_at: '2026-03-11T02:00:00.000Z',
    }),
  )

const hint = ({ screen }: Kit) => screen.queryByRole('region', { name: 'Do not disturb' })

describeModel({
  machine: dndNoticeMachine,
  input,
  events: {
    'xstate.done.actor.checkPerson': [
      { type: 'xstate.done.actor.checkPerson', output: { customer_id: 'partner-1', dnd: true, dnd_until: UNTIL } },
      { type: 'xstate.done.actor.checkPerson', output: { customer_id: 'partner-1', dnd: true, dnd_until: null } },
      { type: 'xstate.done.actor.checkPerson', output: { customer_id: 'partner-1', dnd: false, dnd_until: null } },
    ],
    'xstate.done.actor.notifyAnyway': [{ type: 'xstate.done.actor.notifyAnyway', output: { notified: 1 } }],
    'xstate.error.actor.notifyAnyway': [
      { type: 'xstate.error.actor.notifyAnyway', error: new Error('Too many attempts, please try again later') },
    ],
    // The user's next message here: it may be notified anyway again; theirs elsewhere, or the partner's, not.
    // The partner changed their do not disturb (asks again); someone else's change is not this chat's.
    PERSON_DND_CHANGED: [
      { type: 'PERSON_DND_CHANGED', customer_id: 'partner-1' },
      { type: 'PERSON_DND_CHANGED', customer_id: 'someone-else' },
    ],
    // The socket connected again: asks again whatever the chart showed.
    CONNECTED: [{ type: 'CONNECTED' }],
    SOCKET_NEW_MESSAGE: [
      { type: 'SOCKET_NEW_MESSAGE', message: pushed('me', 'topic-1') },
      { type: 'SOCKET_NEW_MESSAGE', message: pushed('me', 'topic-2') },
      { type: 'SOCKET_NEW_MESSAGE', message: pushed('partner-1', 'topic-1') },
    ],
  },
  serializeState: (s) => JSON.stringify({ value: s.value, until: s.context.until, error: s.context.error }),
  // Half a minute before UNTIL: its end (DND_ENDS) comes before the minute's recheck.
  ready: async () => {
    vi.setSystemTime(Date.parse(UNTIL) - 30_000)
  },
  render: (snapshot, send) => <DndNotice {...connect(snapshot, send)} name="Minh" />,
  perform: {
    'xstate.done.actor.checkPerson': async (event, kit) => {
      expect(kit.pending('checkPerson').input).toEqual({ customerId: 'partner-1' })
      await kit.resolve('checkPerson', (event as unknown as { output: unknown }).output)
    },
    'xstate.error.actor.checkPerson': async (_, kit) => {
      await kit.reject('checkPerson', new Error('Not found'))
    },
    NOTIFY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Notify anyway' }))
      expect(kit.pending('notifyAnyway').input).toEqual({ topicId: 'topic-1' })
    },
    'xstate.done.actor.notifyAnyway': async (_, kit) => {
      await kit.resolve('notifyAnyway', { notified: 1 })
    },
    'xstate.error.actor.notifyAnyway': async (_, kit) => {
      await kit.reject('notifyAnyway', new Error('Too many attempts, please try again later'))
    },
  },
  states: {
    // Checking (at first, and a minute after each answer) asks about the partner; no hint meanwhile.
    checking: (_, kit) => {
      expect(kit.pending('checkPerson').input).toEqual({ customerId: 'partner-1' })
      expect(hint(kit)).toBeNull()
    },
    clear: (_, kit) => {
      expect(hint(kit)).toBeNull()
    },
    away: (expected, kit) => {
      const text = hint(kit)!.textContent ?? ''
      if (expected.context.until) expect(text).toContain(`Minh has paused notifications until ${untilLocal}.`)
      else expect(text).toContain('Minh has paused notifications outside working hours.')
    },
    'away.idle': (expected, kit) => {
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Notify anyway' }).disabled).toBe(false)
      if (expected.context.error) expect(kit.screen.getByRole('alert').textContent).toBe(expected.context.error)
      else expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    'away.notifying': (_, kit) => {
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Notifying…' }).disabled).toBe(true)
    },
    'away.notified': (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Notified anyway.')
      expect(kit.screen.queryByRole('button')).toBeNull()
    },
  },
})
