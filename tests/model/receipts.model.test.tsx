import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { Reader, Receipts } from '../../contract/presence'
import { connect, receiptsMachine, type ReceiptsSnapshot } from '../../src/machines/receipts'
import { readersByMessage, SeenBy } from '../../src/ui/presence/seen-by'
import { textMessage } from './support/messages'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof receiptsMachine>

const ME = { _id: 'u-me', name: 'Me', workid: 'me', photo_url: null }
const reader = (id: string, name: string, seq: number): Reader => ({ user_id: id, name, photo_url: null, seq })
/** Three messages of the user's: each reader's receipt shows under the latest one they have seen. */
const MESSAGES = [1, 2, 3].map((seq) =>
  textMessage({
    _id: `m-${seq}`,
    topic_id: 't-1',
    seq,
    message: `Message ${seq}`,
    sender: ME,
    created_at: `2026-03-01T08:0${seq}:00.000Z`,
  }),
)
const ON: Receipts = { topic_id: 't-1', mode: 'on', readers: [reader('u-bao', 'Bao', 1)] }
const OFF: Receipts = { topic_id: 't-1', mode: 'off_mine', readers: [] }

/** Who has read up to where, as the test told the machine (not from it): null when nothing should show. */
const told = new WeakMap<object, Map<string, number> | null>()
const positions = (kit: Kit) => (told.has(kit.actor) ? told.get(kit.actor)! : null)

describeModel({
  machine: receiptsMachine,
  inputs: {
    'a 1:1 chat': { topicId: 't-1', meId: ME._id, memberIds: [ME._id, 'u-bao'], oneToOne: true },
    'a group of 21': {
      topicId: 't-1',
      meId: ME._id,
      memberIds: [ME._id, ...Array.from({ length: 20 }, (_, i) => `u-${i}`)],
      oneToOne: false,
    },
  },
  serializeState: (s) => JSON.stringify({ value: s.value, readers: s.context.readers?.map((r) => r.seq) ?? null }),
  events: {
    'xstate.done.actor.loadReceipts': (s) =>
      s.context.readers
        ? [{ type: 'xstate.done.actor.loadReceipts', output: OFF }]
        : [
            { type: 'xstate.done.actor.loadReceipts', output: ON },
            { type: 'xstate.done.actor.loadReceipts', output: OFF },
          ],
    'xstate.error.actor.loadReceipts': [{ type: 'xstate.error.actor.loadReceipts', error: new Error('offline') }],
    // Bao read further (or a late receipt of an older position, which moves nothing); his own new message.
    RECEIPT: (s: ReceiptsSnapshot) =>
      s.context.readers?.[0]?.seq === 1
        ? [
            { type: 'RECEIPT', userId: 'u-bao', seq: 2 },
            { type: 'RECEIPT', userId: 'u-bao', seq: 0 },
          ]
        : [],
    READ: (s: ReceiptsSnapshot) => (s.context.readers?.[0]?.seq === 2 ? [{ type: 'READ', userId: 'u-bao', seq: 3 }] : []),
    // Bao turned his receipts off (read again); someone outside the chat did (nothing).
    SWITCHED: [
      { type: 'SWITCHED', userId: 'u-bao' },
      { type: 'SWITCHED', userId: 'u-stranger' },
    ],
    CONNECTED: [{ type: 'CONNECTED' }],
  },
  render: (snapshot) => {
    const view = connect(snapshot)
    const at = view ? readersByMessage(MESSAGES, view.readers) : null
    return (
      <ul aria-label="Messages">
        {MESSAGES.map((m) => (
          <li key={m._id} aria-label={m.message}>
            {m.message}
            {at?.get(m._id) ? <SeenBy readers={at.get(m._id)!} oneToOne={view!.oneToOne} /> : null}
          </li>
        ))}
      </ul>
    )
  },
  perform: {
    'xstate.done.actor.loadReceipts': async (event, kit) => {
      const output = (event as unknown as { output: Receipts }).output
      expect(kit.pending('loadReceipts').input).toEqual({ topicId: 't-1' })
      await kit.resolve('loadReceipts', output)
      told.set(kit.actor, output.mode === 'on' ? new Map(output.readers.map((r) => [r.user_id, r.seq])) : null)
    },
    RECEIPT: async (event, kit) => {
      await kit.send({ type: 'RECEIPT', userId: event.userId as string, seq: event.seq as number })
      const at = positions(kit)
      if (at) at.set(event.userId as string, Math.max(at.get(event.userId as string) ?? 0, event.seq as number))
    },
    READ: async (event, kit) => {
      await kit.send({ type: 'READ', userId: event.userId as string, seq: event.seq as number })
      const at = positions(kit)
      if (at) at.set(event.userId as string, Math.max(at.get(event.userId as string) ?? 0, event.seq as number))
    },
    SWITCHED: async (event, kit) => {
      const calls = kit.calls.filter((c) => c.src === 'loadReceipts').length
      await kit.send({ type: 'SWITCHED', userId: event.userId as string })
      // Only a member's switch reads the receipts again.
      expect(kit.calls.filter((c) => c.src === 'loadReceipts').length - calls).toBe(event.userId === 'u-bao' ? 1 : 0)
    },
  },
  states: {
    '*': (expected, kit) => {
      // "Seen" under the latest of the user's messages Bao has read, as the test told it; nothing when off or too big.
      const shown = kit.screen
        .getAllByRole('listitem')
        .filter((li) => within(li).queryByText('Seen') !== null)
        .map((li) => li.getAttribute('aria-label'))
      const at = expected.matches('tooBig') ? null : positions(kit)
      const seq = at?.get('u-bao') ?? 0
      expect(shown).toEqual(seq > 0 ? [`Message ${Math.min(seq, 3)}`] : [])
    },
    start: () => {},
    tooBig: (_, kit) => {
      expect(kit.calls.filter((c) => c.src === 'loadReceipts')).toEqual([])
    },
    loading: (_, kit) => {
      expect(kit.pending('loadReceipts')).toBeTruthy()
    },
    live: (_, kit) => {
      expect(kit.calls.filter((c) => c.src === 'loadReceipts' && !c.settled)).toEqual([])
    },
  },
})
