import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import type { AnyEventObject } from 'xstate'
import { CATCH_UP_MAX, type Message } from '../../contract/message'
import { conversationMachine, conversationView, PAGE, type ConversationSnapshot } from '../../src/machines/conversation'
import { ConversationHistory } from '../../src/ui/conversation/conversation-history'
import { describeModel, type ModelKit } from './support/run-model'
import { withLayout } from './support/layout'
import { textMessage } from './support/messages'

type Kit = ModelKit<typeof conversationMachine>

const ME = 'u-me'
const LAN = { _id: 'u-lan', name: 'Lan', workid: 'lan', photo_url: null }
const BAO = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
const TOPIC = 'topic-1'

const msg = (seq: number, extra: Partial<Message> = {}): Message =>
  textMessage({
    _id: `m-${seq}`,
    topic_id: TOPIC,
    seq,
    message: `Message ${seq}`,
    sender: seq % 3 === 0 ? { ...LAN, _id: ME, name: 'Me' } : LAN,
    created_at: new Date(Date.parse('2026-03-01T08:00:00.000Z') + seq * 60_000).toISOString(),
    ...extra,
  })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i))

/** The user had seen up to seq 22: the latest page (21..40) has an unread divider before m-23. */
const LATEST_FULL = range(21, 40)
const LATEST_SHORT = range(1, 3)

const messages = (s: ConversationSnapshot) => s.context.messages
const newest = (s: ConversationSnapshot) => messages(s).at(-1)?.seq ?? 0
const oldest = (s: ConversationSnapshot) => messages(s)[0]?.seq ?? 0

/**
 * While a catch-up is due only what moves history on is explored: live messages, edits and typing
 * take the same transitions whether or not one is due, and exploring them there too would double
 * the graph.
 */
const unlessCatchUpDue =
  (variants: (s: ConversationSnapshot) => AnyEventObject[]) =>
  (s: ConversationSnapshot): AnyEventObject[] =>
    s.context.catchUpDue ? [] : variants(s)

const list = ({ screen }: Kit) => screen.getByRole('list', { name: 'Messages' })
const typingLine = ({ container }: Kit) => container.querySelector('[aria-live="polite"]')!

withLayout()

describeModel({
  machine: conversationMachine,
  input: { topicId: TOPIC, lastSeenSeq: 22 },
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      count: Math.min(messages(s).length, 45),
      caughtUpFar: newest(s) >= CATCH_UP_MAX,
      hasOlder: s.context.hasOlder,
      catchUpDue: s.context.catchUpDue,
      edited: messages(s).some((m) => m.edited_at),
      typists: s.context.typists.length,
    }),
  select: 'coverage',
  events: {
    'xstate.done.actor.loadLatest': [
      { type: 'xstate.done.actor.loadLatest', output: LATEST_FULL },
      { type: 'xstate.done.actor.loadLatest', output: LATEST_SHORT },
    ],
    'xstate.done.actor.loadBefore': (s) => {
      const before = oldest(s)
      const from = Math.max(1, before - PAGE)
      return [{ type: 'xstate.done.actor.loadBefore', output: range(from, before - 1) }]
    },
    'xstate.done.actor.loadAfter': (s) => [
      // A full answer (a long absence): the machine asks again after the newest it got.
      ...(newest(s) < CATCH_UP_MAX ? [{ type: 'xstate.done.actor.loadAfter', output: range(newest(s) + 1, newest(s) + CATCH_UP_MAX).reverse() }] : []),
      { type: 'xstate.done.actor.loadAfter', output: [msg(newest(s) + 2), msg(newest(s) + 1)] },
      { type: 'xstate.done.actor.loadAfter', output: [] },
    ],
    RECEIVED: unlessCatchUpDue((s) => [
      { type: 'RECEIVED', message: msg(newest(s) + 1, { message: 'Live hello' }) },
      // Arriving twice (live and by catch-up) shows once; another topic's message is not shown.
      ...(messages(s).length ? [{ type: 'RECEIVED', message: messages(s).at(-1)! }] : []),
      { type: 'RECEIVED', message: msg(newest(s) + 1, { topic_id: 'topic-other', message: 'Elsewhere' }) },
    ]),
    CHANGED: unlessCatchUpDue((s) => [
      ...messages(s).slice(-1).map((m) => ({ type: 'CHANGED', message: { ...m, message: 'Edited text', edited_at: '2026-03-02T08:00:00.000Z' } })),
      { type: 'CHANGED', message: msg(999, { message: 'Unknown' }) },
    ]),
    // Asked again while one is due, a catch-up is the same one. While history is being fetched it is
    // asked with nobody typing and nothing edited (the typing region and edits do not change what it does).
    CATCH_UP: unlessCatchUpDue((s) => (s.matches({ history: 'ready' }) || (s.context.typists.length === 0 && !messages(s).some((m) => m.edited_at)) ? [{ type: 'CATCH_UP' }] : [])),
    TYPING: unlessCatchUpDue((s) => (s.context.typists.length < 2 ? [{ type: 'TYPING', typist: { _id: LAN._id, name: 'Lan' } }, { type: 'TYPING', typist: { _id: BAO._id, name: 'Bao' } }] : [])),
  },
  render: (snapshot, send) => (
    <ConversationHistory
      view={conversationView(snapshot, ME)}
      pending={[]}
      meId={ME}
      may={{ role: 20, pin: true }}
      onRetry={() => send({ type: 'RETRY' })}
      onLoadOlder={() => send({ type: 'LOAD_OLDER' })}
      actions={{ onReply: () => {}, onEdit: () => {}, onDelete: () => {}, onPin: () => {}, onForward: () => {} }}
    />
  ),
  perform: {
    RETRY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Retry' }))
    },
    LOAD_OLDER: async (_, kit) => {
      // Scrolling to the top of the list asks for the page before the oldest message shown.
      fireEvent.scroll(kit.screen.getByTestId('message-scroller'))
      if (kit.previous.context.hasOlder) expect(kit.pending('loadBefore').input).toEqual({ topicId: TOPIC, before: oldest(kit.previous) })
    },
  },
  states: {
    '*': (expected, kit) => {
      // One fetch at a time. A catch-up asked for meanwhile is kept for when it ends (in `failed`,
      // RETRY loads the newest messages, which is that catch-up).
      const running = kit.calls.filter((c) => !c.settled)
      expect(running.length).toBeLessThanOrEqual(1)
      if (expected.context.catchUpDue && !expected.matches({ history: 'failed' })) expect(running).toHaveLength(1)
    },
    'history.loading': (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading messages…')
      expect(kit.pending('loadLatest').input).toEqual({ topicId: TOPIC })
    },
    'history.failed': (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toContain('Could not load the messages.')
    },
    'history.ready': (expected, kit) => {
      const shown = within(list(kit))
        .getAllByRole('listitem')
        .map((row) => row.querySelector('p')?.textContent ?? '')
      const texts = messages(expected).map((m) => m.message)
      const unread = messages(expected).find((m) => m.seq > 22 && m.sender?._id !== ME)
      // Every message once, oldest first, with the unread divider before the first unseen one.
      expect(shown.filter((t) => t !== '')).toEqual(texts)
      if (unread) {
        const rows = within(list(kit)).getAllByRole('listitem')
        const divider = rows.findIndex((r) => r.textContent === 'New messages')
        expect(rows[divider + 1]!.textContent).toContain(unread.message)
      } else expect(within(list(kit)).queryByText('New messages')).toBeNull()
      expect(within(list(kit)).queryByText('Elsewhere')).toBeNull()
    },
    'history.loadingOlder': (expected, kit) => {
      expect(kit.screen.getByText('Loading older messages…')).toBeTruthy()
      expect(kit.pending('loadBefore').input).toEqual({ topicId: TOPIC, before: oldest(expected) })
    },
    'history.catchingUp': (expected, kit) => {
      // Everything after the newest message shown is fetched; the list stays visible meanwhile.
      expect(kit.pending('loadAfter').input).toEqual({ topicId: TOPIC, after: newest(expected) })
      expect(list(kit)).toBeTruthy()
    },
    'typing.idle': (_, kit) => {
      expect(typingLine(kit).textContent).toBe('')
    },
    'typing.someone': (expected, kit) => {
      expect(typingLine(kit).textContent).toBe(`${expected.context.typists.map((t) => t.name).join(', ')} is typing…`)
    },
  },
})
