import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { Message } from '../../contract/message'
import { connect, outboxMachine, type OutboxEntry, type OutboxSnapshot } from '../../src/machines/outbox'
import { MessageList } from '../../src/ui/conversation/message-list'
import { RejectedNotices } from '../../src/ui/conversation/conversation-history'
import { describeModel, type ModelKit } from './support/run-model'
import { withLayout } from './support/layout'
import { textMessage } from './support/messages'

type Kit = ModelKit<typeof outboxMachine>

const TOPIC = 'topic-1'
const entry = (n: number, topic = TOPIC): OutboxEntry => ({
  client_id: `client-${n}`,
  topic_id: topic,
  message: `Draft ${n}`,
  media_ids: [],
  mentions: [],
  created_at: '2026-03-01T08:00:00.000Z',
})
const sentCopy = (e: OutboxEntry): Message =>
  textMessage({
    _id: `m-${e.client_id}`,
    client_id: e.client_id,
    topic_id: e.topic_id,
    seq: 1,
    message: e.message,
    sender: { _id: 'u-me', name: 'Me', workid: 'me', photo_url: null },
    created_at: e.created_at,
  })

const entries = (s: OutboxSnapshot) => s.context.entries
const head = (s: OutboxSnapshot) => entries(s)[0]!
const nextNumber = (s: OutboxSnapshot) => entries(s).length + s.context.rejected.length + 1

/** The feed's articles (an empty chat's list is no feed yet). */
const pendingRows = ({ screen }: Kit) => {
  const feed = screen.queryByRole('feed', { name: 'Messages' })
  return feed ? within(feed).queryAllByRole('article') : []
}
const statusOf = (row: HTMLElement) => row.querySelector('span')!.textContent

/** The queue as the test's own events make it: input, then ENQUEUE appends, a send or a refusal takes the head. */
const queues = new WeakMap<object, OutboxEntry[]>()
const queueOf = (kit: Kit) => {
  if (!queues.has(kit.actor)) queues.set(kit.actor, [...kit.actor.getSnapshot().context.entries])
  return queues.get(kit.actor)!
}

withLayout()

describeModel({
  machine: outboxMachine,
  inputs: {
    online: { entries: [], online: true, signedIn: true },
    // A reload while offline: the persisted queue comes back and waits.
    restoredOffline: { entries: [entry(1), entry(2, 'topic-other')], online: false, signedIn: true },
  },
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      count: Math.min(entries(s).length, 3),
      rejected: Math.min(s.context.rejected.length, 1),
      online: s.context.online,
      signedIn: s.context.signedIn,
    }),
  select: 'coverage',
  spyActions: ['persist'],
  events: {
    ENQUEUE: (s) => (entries(s).length < 3 ? [{ type: 'ENQUEUE', entry: entry(nextNumber(s)) }] : []),
    DISMISS: (s) => s.context.rejected.slice(0, 1).map((r) => ({ type: 'DISMISS', clientId: r.entry.client_id })),
    'xstate.done.actor.sendMessage': (s) => [{ type: 'xstate.done.actor.sendMessage', output: sentCopy(head(s)) }],
    'xstate.error.actor.sendMessage': [
      { type: 'xstate.error.actor.sendMessage', error: { rejected: true, reason: 'You are not a member of this topic' } },
      { type: 'xstate.error.actor.sendMessage', error: { rejected: false, reason: 'Network error' } },
    ],
  },
  render: (snapshot, send) => {
    const view = connect(snapshot, send, TOPIC)
    return (
      <>
        <MessageList
          messages={[]}
          pending={view.pending}
          firstUnreadId={null}
          hasOlder={false}
          loadingOlder={false}
          meId="u-me"
          may={{ pin: true, delete: () => true }}
          onLoadOlder={() => {}}
          onOpenSheet={() => {}}
          actions={{ onReply: () => {}, onEdit: () => {}, onDelete: () => {}, onPin: () => {}, onForward: () => {} }}
        />
        <RejectedNotices {...view} />
      </>
    )
  },
  perform: {
    ENQUEUE: async (event, kit) => {
      queueOf(kit).push(event.entry as OutboxEntry)
      await kit.send({ type: 'ENQUEUE', entry: event.entry })
      // The queue is persisted before anything is sent.
      expect(kit.actions.persist).toHaveBeenLastCalledWith(expect.anything(), { entries: [...kit.previous.context.entries, event.entry] })
    },
    'xstate.error.actor.sendMessage': async (event, kit) => {
      await kit.reject('sendMessage', event.error)
      if ((event.error as { rejected: boolean }).rejected) queueOf(kit).shift()
    },
    DISMISS: async (_, kit) => {
      await kit.user.click(kit.screen.getAllByRole('button', { name: 'Dismiss' })[0]!)
    },
    'xstate.done.actor.sendMessage': async (event, kit) => {
      const sent: Message[] = []
      const subscription = kit.actor.on('sent', ({ message }) => sent.push(message))
      await kit.resolve('sendMessage', event.output)
      queueOf(kit).shift()
      subscription.unsubscribe()
      // The server's copy goes to the conversation; the entry leaves the persisted queue.
      expect(sent).toEqual([event.output])
      expect(kit.actions.persist).toHaveBeenLastCalledWith(expect.anything(), { entries: kit.previous.context.entries.slice(1) })
    },
  },
  states: {
    '*': (_, kit) => {
      // Not from the machine: one pending row per queued message of this topic, in the order written.
      expect(pendingRows(kit).map((r) => r.firstChild!.firstChild!.textContent)).toEqual(
        queueOf(kit)
          .filter((e) => e.topic_id === TOPIC)
          .map((e) => e.message),
      )
    },
    idle: (expected, kit) => {
      expect(pendingRows(kit)).toHaveLength(0)
      expect(kit.screen.queryAllByRole('alert')).toHaveLength(expected.context.rejected.length)
    },
    sending: (expected, kit) => {
      // Oldest first, one at a time: the head is on its way, the rest queued.
      expect(kit.pending('sendMessage').input).toEqual(head(expected))
      const mine = entries(expected).filter((e) => e.topic_id === TOPIC)
      expect(pendingRows(kit).map((r) => r.textContent)).toEqual(
        mine.map((e, i) => `${e.message}${e === head(expected) && i === 0 ? 'Sending…' : 'Queued'}`),
      )
    },
    waiting: (expected, kit) => {
      const mine = entries(expected).filter((e) => e.topic_id === TOPIC)
      expect(pendingRows(kit).map(statusOf)).toEqual(mine.map(() => 'Waiting for connection'))
      expect(pendingRows(kit).map((r) => r.firstChild!.firstChild!.textContent)).toEqual(mine.map((e) => e.message))
      for (const r of expected.context.rejected) expect(kit.screen.getByText(`Not sent: ${r.reason}`)).toBeTruthy()
    },
    signedOut: (expected, kit) => {
      // Without a session nothing is on its way: no send runs and every entry stays queued.
      expect(kit.calls.filter((c) => !c.settled)).toEqual([])
      const mine = entries(expected).filter((e) => e.topic_id === TOPIC)
      expect(pendingRows(kit).map(statusOf)).toEqual(mine.map(() => 'Queued'))
      expect(pendingRows(kit).map((r) => r.firstChild!.firstChild!.textContent)).toEqual(mine.map((e) => e.message))
      expect(kit.screen.queryAllByRole('alert')).toHaveLength(expected.context.rejected.length)
    },
  },
})
