import { beforeAll, expect } from 'vitest'
import { within } from '@testing-library/react'
import { connect, connectBadge, topicListMachine, type TopicItem, type TopicListSnapshot } from '../../src/machines/topic-list'
import { ChatUnreadBadge } from '../../src/ui/notification-badge/chat-unread-badge'
import { loadTopicRows, TopicList } from '../../src/ui/topic-list/topic-list'
import { describeModel, type ModelKit } from './support/run-model'
import { withLayout } from './support/layout'

type Kit = ModelKit<typeof topicListMachine>

const topic = (id: string, name: string, extra: Partial<TopicItem> = {}): TopicItem => ({
  _id: id,
  name,
  is_group: false,
  is_pin: false,
  is_seen: true,
  in_call: false,
  created_at: '2026-02-20T10:00:00.000Z',
  message: null,
  ...extra,
})

// The server's answer, deliberately out of order.
const LOADED: TopicItem[] = [
  topic('t-3', 'Marketing', {
    is_group: true,
    is_seen: false,
    message: { _id: 'm-3', message: 'draft.pdf', type: 'file', created_at: '2026-03-01T07:00:00.000Z', deleted: false },
  }),
  topic('t-1', 'Design team', {
    is_group: true,
    is_pin: true,
    message: { _id: 'm-1', message: 'See you at 10', type: 'text', created_at: '2026-03-01T08:00:00.000Z', deleted: false },
  }),
  topic('t-4', 'Bao', { created_at: '2026-02-28T10:00:00.000Z' }),
  topic('t-2', 'Lan Nguyen', {
    message: { _id: 'm-2', message: 'Thanks!', type: 'text', created_at: '2026-03-01T09:30:00.000Z', deleted: false },
  }),
]

const ME = 'u-me'
const topics = (s: TopicListSnapshot) => s.context.topics
/** The topics the machine is reading (GET topic/info) because a message came for them: not in the list yet. */
const reading = (s: TopicListSnapshot) =>
  Object.keys(s.children)
    .filter((id) => id.startsWith('newTopic.'))
    .map((id) => id.slice('newTopic.'.length))
    .filter((id) => !topics(s).some((t) => t._id === id))
const ready = (s: TopicListSnapshot) => s.matches('ready')
const activity = (t: TopicItem) => t.message?.created_at ?? t.created_at
/** A minute after the latest activity in the list: new events are the newest. */
const nextTime = (s: TopicListSnapshot) =>
  new Date(Math.max(Date.parse('2026-03-01T10:00:00.000Z'), ...topics(s).map((t) => Date.parse(activity(t)))) + 60_000).toISOString()
const bottom = (s: TopicListSnapshot) => topics(s).at(-1)

const list = ({ screen }: Kit) => screen.getByRole('list', { name: 'Chats' })
const rows = (kit: Kit) => within(list(kit)).getAllByRole('listitem')
const row = (kit: Kit, name: string) => within(list(kit)).getByRole('listitem', { name })
const nameOf = (t: TopicItem) => t.name || 'New Message'
/** Opens the row's "Actions for {name}" menu and chooses an item. */
const clickIn = async (kit: Kit, t: TopicItem, item: string) => {
  await kit.user.click(within(row(kit, nameOf(t))).getByRole('button', { name: `Actions for ${nameOf(t)}` }))
  await kit.user.click(await kit.screen.findByRole('menuitem', { name: item }))
}
const hiddenList = ({ screen }: Kit) => screen.getByRole('list', { name: 'Hidden chats' })
const hiddenView = (s: TopicListSnapshot) => s.matches('ready') && !s.matches({ ready: { hiddenChats: 'closed' } })
const byId = (kit: Kit, id: string) => kit.previous.context.topics.find((t) => t._id === id)!

/** The topics the test put in the list (loaded, added) and did not take out (hidden, removed), by id: not the machine's own list. */
const inList = new WeakMap<object, Set<string>>()
const listed = (kit: Kit) => {
  if (!inList.has(kit.actor)) inList.set(kit.actor, new Set())
  return inList.get(kit.actor)!
}

/** The drafts the test saved (DRAFT_CHANGED) and no list read has replaced since, by topic id. */
const draftsOf = new WeakMap<object, Map<string, string>>()
const drafts = (kit: Kit) => {
  if (!draftsOf.has(kit.actor)) draftsOf.set(kit.actor, new Map())
  return draftsOf.get(kit.actor)!
}
const previewOf = (kit: Kit, t: TopicItem) =>
  within(row(kit, nameOf(t))).getByText((_, el) => el?.hasAttribute('data-preview') ?? false).textContent
/** A row's last-message line: the user's draft when the chat has one and is not the open one, else `text`. */
const expectPreview = (kit: Kit, t: TopicItem, text: string) => {
  const draft = drafts(kit).get(t._id)
  expect(previewOf(kit, t)).toBe(draft && kit.previous.context.openTopicId !== t._id ? `Draft: ${draft}` : text)
}

withLayout()

type Variants = Parameters<typeof describeModel<typeof topicListMachine>>[0]['events']
/** The list's own events are sent while it shows; the Hidden chats view has its own few (this keeps the paths' states countable). */
const whileListShows = (variants: NonNullable<Variants>): NonNullable<Variants> =>
  Object.fromEntries(
    Object.entries(variants).map(([type, variant]) => [
      type,
      (s: TopicListSnapshot) => (hiddenView(s) ? [] : typeof variant === 'function' ? variant(s) : variant),
    ]),
  )

// The rows' code loads apart from the list (once the page is painted), and a row's menu on its
// first open: both here, before any path renders, so that no path's first open waits for the
// transform of Headless UI longer than findByRole does.
beforeAll(() => Promise.all([loadTopicRows(), import('../../src/ui/topic-list/row-menu')]))

describeModel({
  machine: topicListMachine,
  input: { meId: ME },
  serializeState: (s) => {
    const ts = topics(s)
    return JSON.stringify({
      value: s.value,
      count: ts.length,
      pinned: Math.min(ts.filter((t) => t.is_pin).length, 2),
      unseen: Math.min(ts.filter((t) => !t.is_seen).length, 2),
      call: ts.some((t) => t.in_call),
      deleted: ts.some((t) => t.message?.deleted),
      open: s.context.openTopicId !== null,
      openUnseen: ts.some((t) => t._id === s.context.openTopicId && !t.is_seen),
      reading: reading(s),
      hidden: Math.min(s.context.hidden.length, 2),
    })
  },
  // Opened chats, background reads, pending topic reads and hidden chats multiply the abstract states (~6,000):
  // one path per state value and per transition not yet taken.
  select: 'coverage',
  limit: 200_000,
  events: {
    ...whileListShows({
      'xstate.done.actor.loadTopics': [
        { type: 'xstate.done.actor.loadTopics', output: LOADED },
        { type: 'xstate.done.actor.loadTopics', output: [] },
      ],
      // Read again in the background: what the server holds now (Marketing unread again).
      'xstate.done.actor.refreshTopics': [{ type: 'xstate.done.actor.refreshTopics', output: LOADED }],
      // The topic a message came for, read: it joins the list unread.
      'xstate.done.actor.newTopic.*': (s) =>
        reading(s).map((id) => ({
          type: `xstate.done.actor.newTopic.${id}`,
          output: topic(id, 'Newcomer', { is_group: true, is_seen: false, created_at: nextTime(s) }),
        })),
      // The user opens a chat (the first unread one, or the first one), or leaves the chats page.
      OPEN: (s) =>
        s.matches('loading')
          ? [{ type: 'OPEN', topicId: 't-3' }]
          : s.context.openTopicId !== null
            ? [{ type: 'OPEN', topicId: null }]
            : [
                ...topics(s)
                  .filter((t) => !t.is_seen)
                  .slice(0, 1)
                  .map((t) => ({ type: 'OPEN', topicId: t._id })),
                ...topics(s)
                  .filter((t) => t.is_seen)
                  .slice(0, 1)
                  .map((t) => ({ type: 'OPEN', topicId: t._id })),
              ],
      CONNECTED: [{ type: 'CONNECTED' }],
      SHOWN: [{ type: 'SHOWN' }],
      PIN: (s) => {
        const t = topics(s).find((x) => !x.is_pin)
        return ready(s) && t && topics(s).filter((x) => x.is_pin).length < 2 ? [{ type: 'PIN', topicId: t._id }] : []
      },
      UNPIN: (s) =>
        topics(s)
          .filter((x) => x.is_pin)
          .slice(0, 1)
          .map((t) => ({ type: 'UNPIN', topicId: t._id })),
      HIDE: (s) => (topics(s).length > 3 && s.context.hidden.length === 0 ? [{ type: 'HIDE', topicId: bottom(s)!._id }] : []),
      SEEN: (s) =>
        topics(s)
          .filter((x) => !x.is_seen)
          .slice(0, 1)
          .map((t) => ({ type: 'SEEN', topicId: t._id })),
      UNSEEN: (s) =>
        topics(s)
          .filter((x) => x.is_seen)
          .slice(0, 1)
          .map((t) => ({ type: 'UNSEEN', topicId: t._id })),
      CALL_STARTED: (s) =>
        bottom(s) && !topics(s).some((x) => x.in_call)
          ? [{ type: 'CALL_STARTED', topicId: bottom(s)!._id, messageId: `call-${topics(s).length}`, at: nextTime(s) }]
          : [],
      CALL_CLOSED: (s) =>
        topics(s)
          .filter((x) => x.in_call)
          .map((t) => ({ type: 'CALL_CLOSED', topicId: t._id })),
      NEW_MESSAGE: (s) => {
        const said = (topicId: string, senderId: string | null) => ({
          type: 'NEW_MESSAGE',
          topicId,
          senderId,
          message: { _id: `msg-${topics(s).length}`, message: 'Are you there?', type: 'text', created_at: nextTime(s), deleted: false },
        })
        const open = topics(s).find((t) => t._id === s.context.openTopicId)
        return [
          // Someone else's message, and the user's own (sent from another device).
          ...(bottom(s) ? [said(bottom(s)!._id, 'u-lan'), said(bottom(s)!._id, ME)] : []),
          // In the open chat.
          ...(open ? [said(open._id, 'u-lan')] : []),
          // In a topic that is not in the list: the machine reads it (one at a time).
          ...(reading(s).length === 0 && !topics(s).some((t) => t._id === 't-elsewhere') ? [said('t-elsewhere', 'u-lan')] : []),
        ]
      },
      MESSAGE_DELETED: (s) => {
        const t = topics(s).find((x) => x.message && !x.message.deleted)
        return t
          ? [
              { type: 'MESSAGE_DELETED', topicId: t._id, messageId: t.message!._id },
              { type: 'MESSAGE_DELETED', topicId: t._id, messageId: 'm-older' },
            ]
          : []
      },
      // A topic of the list renamed; a topic the user was added to elsewhere appears.
      TOPIC_CHANGED: (s) => [
        ...topics(s)
          .slice(0, 1)
          .map((t) => ({
            type: 'TOPIC_CHANGED',
            change: 'updated',
            topic: { ...t, name: t.name === 'Design crew' ? 'Design team' : 'Design crew' },
          })),
        ...(topics(s).length < 5 && !topics(s).some((t) => t._id === 't-joined')
          ? [
              {
                type: 'TOPIC_CHANGED',
                change: 'added',
                topic: topic('t-joined', 'Joined', { is_group: true, is_seen: false, created_at: nextTime(s) }),
              },
            ]
          : []),
      ],
      MEMBER_ADDED: (s) => [
        // Added to a group not in the list: it appears (one nameless at a time, so names stay unique).
        ...(topics(s).length < 5
          ? [
              {
                type: 'MEMBER_ADDED',
                topic: topic(`t-new-${topics(s).length}`, topics(s).some((t) => !t.name) ? `Group ${topics(s).length}` : '', {
                  is_group: true,
                  is_seen: false,
                  created_at: nextTime(s),
                }),
              },
            ]
          : []),
        ...topics(s)
          .slice(0, 1)
          .map((t) => ({ type: 'MEMBER_ADDED', topic: t })),
      ],
      // The user's draft of the top chat, saved on some tab or device, then sent or cleared.
      DRAFT_CHANGED: (s) =>
        topics(s)
          .slice(0, 1)
          .map((t) => ({ type: 'DRAFT_CHANGED', topicId: t._id, text: t.draft ? '' : 'Lunch at noon?' })),
      REMOVED: (s) => (topics(s).length > 4 ? [{ type: 'REMOVED', topicId: topics(s)[0]!._id }] : []),
      CHAT_REQUEST: (s) =>
        topics(s).length < 5 && !topics(s).some((t) => t._id === 't-request')
          ? [
              {
                type: 'CHAT_REQUEST',
                topic: topic('t-request', 'Quoc Bao', {
                  is_seen: false,
                  message: { _id: 'm-r', message: '', type: 'RequestChat', created_at: nextTime(s), deleted: false },
                }),
              },
            ]
          : [],
    }),
    UNHIDE: (s) => s.context.hidden.slice(0, 1).map((t) => ({ type: 'UNHIDE', topicId: t._id })),
    // The server refuses the hide or the unhide still on its way.
    'xstate.error.actor.hide.*': (s) =>
      Object.keys(s.children)
        .filter((id) => id === 'hide.t-4' && s.context.hidden.some((t) => t._id === 't-4'))
        .map((id) => ({ type: `xstate.error.actor.${id}`, error: new Error('offline') })),
    'xstate.error.actor.unhide.*': (s) =>
      Object.keys(s.children)
        .filter((id) => id === 'unhide.t-4' && topics(s).some((t) => t._id === 't-4'))
        .map((id) => ({ type: `xstate.error.actor.${id}`, error: new Error('offline') })),
    // From the loaded list as it came (one pinned, one unread), or with Bao hidden.
    SHOW_HIDDEN: (s) =>
      s.matches({ ready: { list: 'idle' } }) &&
      s.context.openTopicId === null &&
      !topics(s).some((t) => t.in_call || t.message?.deleted) &&
      reading(s).length === 0 &&
      topics(s).every((t) => LOADED.some((l) => l._id === t._id && l.is_pin === t.is_pin && l.is_seen === t.is_seen))
        ? [{ type: 'SHOW_HIDDEN' }]
        : [],
    CLOSE_HIDDEN: (s) => (hiddenView(s) ? [{ type: 'CLOSE_HIDDEN' }] : []),
    RETRY_HIDDEN: [{ type: 'RETRY_HIDDEN' }],
    // The server's hidden chats: one hidden elsewhere (another device).
    'xstate.done.actor.loadHidden': [
      {
        type: 'xstate.done.actor.loadHidden',
        output: [topic('t-away', 'Old project', { is_group: true, created_at: '2026-01-05T10:00:00.000Z' })],
      },
    ],
  },
  render: (snapshot, send) => (
    <>
      <a href="/chat">
        chats
        <ChatUnreadBadge {...connectBadge(snapshot)} />
      </a>
      <TopicList {...connect(snapshot, send)} />
    </>
  ),
  perform: {
    RETRY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Retry' }))
    },
    PIN: async (event, kit) => {
      await clickIn(kit, byId(kit, event.topicId), 'Pin')
      expect(kit.calls.at(-1)).toMatchObject({ src: 'pinTopic', input: { topic_id: event.topicId } })
    },
    UNPIN: async (event, kit) => {
      await clickIn(kit, byId(kit, event.topicId), 'Unpin')
      expect(kit.calls.at(-1)).toMatchObject({ src: 'unpinTopic', input: { topic_id: event.topicId } })
    },
    HIDE: async (event, kit) => {
      const t = byId(kit, event.topicId)
      await clickIn(kit, t, 'Hide')
      listed(kit).delete(t._id)
      expect(within(list(kit)).queryByRole('listitem', { name: nameOf(t) })).toBeNull()
      expect(kit.calls.at(-1)).toMatchObject({ src: 'hideTopic', input: { topic_id: event.topicId } })
    },
    UNHIDE: async (event, kit) => {
      const t = kit.previous.context.hidden.find((x) => x._id === event.topicId)!
      // Unhide in the Hidden chats view when it shows, else the toast's Undo (the runtime sends it).
      if (hiddenView(kit.previous) && kit.previous.matches({ ready: { hiddenChats: 'shown' } }))
        await kit.user.click(within(hiddenList(kit)).getByRole('button', { name: `Unhide ${nameOf(t)}` }))
      else await kit.send({ type: 'UNHIDE', topicId: event.topicId })
      listed(kit).add(t._id)
      expect(kit.calls.at(-1)).toMatchObject({ src: 'unhideTopic', input: { topic_id: event.topicId } })
    },
    SHOW_HIDDEN: async (_, kit) => {
      await kit.send({ type: 'SHOW_HIDDEN' })
      expect(kit.pending('loadHidden')).toBeTruthy()
    },
    CLOSE_HIDDEN: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Back to chats' }))
    },
    RETRY_HIDDEN: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Retry' }))
    },
    // (Bao, t-4, the bottom of the loaded list: the paths fail its calls.) A failed hide puts it back; a failed unhide takes it out again.
    'xstate.error.actor.hide.t-4': async (event, kit) => {
      await kit.reject('hide.t-4', event.error)
      listed(kit).add('t-4')
    },
    'xstate.error.actor.unhide.t-4': async (event, kit) => {
      await kit.reject('unhide.t-4', event.error)
      listed(kit).delete('t-4')
      if (!hiddenView(kit.previous)) expect(within(list(kit)).queryByRole('listitem', { name: 'Bao' })).toBeNull()
    },
    'xstate.done.actor.loadHidden': async (event, kit) => {
      await kit.resolve('loadHidden', event.output)
    },
    SEEN: async (event, kit) => {
      await clickIn(kit, byId(kit, event.topicId), 'Mark as read')
      expect(kit.calls.at(-1)).toMatchObject({ src: 'saveSeen', input: { topic_id: event.topicId, is_seen: true } })
    },
    UNSEEN: async (event, kit) => {
      await clickIn(kit, byId(kit, event.topicId), 'Mark as unread')
      expect(kit.calls.at(-1)).toMatchObject({ src: 'saveSeen', input: { topic_id: event.topicId, is_seen: false } })
    },
    NEW_MESSAGE: async (event, kit) => {
      const calls = kit.calls.length
      await kit.send({ type: 'NEW_MESSAGE', topicId: event.topicId, senderId: event.senderId, message: event.message })
      const t = kit.previous.context.topics.find((x) => x._id === event.topicId)
      if (!t) {
        // Not in the list: the topic is read (GET topic/info), and shows once read.
        expect(kit.calls.slice(calls)).toMatchObject([{ src: 'loadTopic', input: { topic_id: event.topicId } }])
        expect(within(list(kit)).queryByRole('listitem', { name: 'Newcomer' })).toBeNull()
        return
      }
      // The topic moves up (the first of its group: pinned or not), with the new text; unread unless
      // the user sent it or has it open. Only the open chat tells the server it is seen.
      const names = rows(kit).map((r) => r.getAttribute('aria-label'))
      const pinnedCount = kit.previous.context.topics.filter((x) => x.is_pin).length
      expect(names.indexOf(nameOf(t))).toBe(t.is_pin ? 0 : pinnedCount)
      const mine = event.senderId === ME
      const open = event.topicId === kit.previous.context.openTopicId
      expect(within(row(kit, nameOf(t))).queryByText('Unread') !== null).toBe(!mine && !open)
      expectPreview(kit, t, 'Are you there?')
      expect(kit.calls.slice(calls)).toMatchObject(!mine && open ? [{ src: 'saveSeen', input: { topic_id: t._id, is_seen: true } }] : [])
    },
    // (Performers go by the event's own type: the one topic the paths read.)
    'xstate.done.actor.newTopic.t-elsewhere': async (event, kit) => {
      listed(kit).add((event.output as TopicItem)._id)
      await kit.resolve('newTopic.t-elsewhere', event.output)
      expect(row(kit, 'Newcomer')).toBeTruthy()
    },
    OPEN: async (event, kit) => {
      const calls = kit.calls.length
      await kit.send({ type: 'OPEN', topicId: event.topicId })
      const t = kit.previous.context.topics.find((x) => x._id === event.topicId)
      // An unread chat opened is marked seen, and the server told.
      if (t && !t.is_seen && kit.previous.matches('ready'))
        expect(kit.calls.slice(calls)).toMatchObject([{ src: 'saveSeen', input: { topic_id: t._id, is_seen: true } }])
      else expect(kit.calls.slice(calls)).toEqual([])
    },
    'xstate.done.actor.loadTopics': async (event, kit) => {
      drafts(kit).clear()
      for (const t of event.output as TopicItem[]) listed(kit).add(t._id)
      const calls = kit.calls.length
      await kit.resolve('loadTopics', event.output)
      // A chat opened while the list loaded is marked seen once it shows unread.
      const open = (event.output as TopicItem[]).find((t) => t._id === kit.previous.context.openTopicId)
      expect(kit.calls.slice(calls)).toMatchObject(
        open && !open.is_seen ? [{ src: 'saveSeen', input: { topic_id: open._id, is_seen: true } }] : [],
      )
    },
    'xstate.done.actor.refreshTopics': async (event, kit) => {
      listed(kit).clear()
      drafts(kit).clear()
      for (const t of event.output as TopicItem[]) listed(kit).add(t._id)
      await kit.resolve('refreshTopics', event.output)
    },
    CALL_STARTED: async (event, kit) => {
      await kit.send({ type: 'CALL_STARTED', topicId: event.topicId, messageId: event.messageId, at: event.at })
      expectPreview(kit, byId(kit, event.topicId), 'Call in progress')
    },
    CALL_CLOSED: async (event, kit) => {
      await kit.send({ type: 'CALL_CLOSED', topicId: event.topicId })
      const t = byId(kit, event.topicId)
      expectPreview(kit, t, t.message?.deleted ? 'Message deleted' : 'Call ended')
    },
    MESSAGE_DELETED: async (event, kit) => {
      await kit.send({ type: 'MESSAGE_DELETED', topicId: event.topicId, messageId: event.messageId })
      const t = byId(kit, event.topicId)
      // Only the topic's last message is replaced.
      if (event.messageId === t.message!._id) expectPreview(kit, t, 'Message deleted')
      else expect(previewOf(kit, t)).not.toBe('Message deleted')
    },
    TOPIC_CHANGED: async (event, kit) => {
      if (event.change === 'added') listed(kit).add((event.topic as TopicItem)._id)
      await kit.send({ type: 'TOPIC_CHANGED', change: event.change, topic: event.topic })
      expect(row(kit, (event.topic as TopicItem).name)).toBeTruthy()
    },
    MEMBER_ADDED: async (event, kit) => {
      listed(kit).add((event.topic as TopicItem)._id)
      await kit.send({ type: 'MEMBER_ADDED', topic: event.topic })
      // A topic not in the list appears, named 'New Message' when it has no name.
      if (!kit.previous.context.topics.some((t) => t._id === event.topic._id)) expect(row(kit, nameOf(event.topic))).toBeTruthy()
    },
    DRAFT_CHANGED: async (event, kit) => {
      const t = byId(kit, event.topicId)
      const preview = previewOf(kit, t)
      await kit.send({ type: 'DRAFT_CHANGED', topicId: event.topicId, text: event.text })
      if (event.text) drafts(kit).set(t._id, event.text)
      else drafts(kit).delete(t._id)
      // Saved: the row shows it instead of the last message (not for the chat open now); cleared: the last message again.
      if (event.text) expectPreview(kit, t, preview!)
      else expect(previewOf(kit, t)).not.toMatch(/^Draft: /)
    },
    REMOVED: async (event, kit) => {
      const t = byId(kit, event.topicId)
      await kit.send({ type: 'REMOVED', topicId: event.topicId })
      listed(kit).delete(event.topicId as string)
      expect(within(list(kit)).queryByRole('listitem', { name: nameOf(t) })).toBeNull()
    },
    CHAT_REQUEST: async (event, kit) => {
      listed(kit).add((event.topic as TopicItem)._id)
      await kit.send({ type: 'CHAT_REQUEST', topic: event.topic })
      expect(within(row(kit, 'Quoc Bao')).getByText('Chat request')).toBeTruthy()
    },
  },
  states: {
    '*': (expected, kit) => {
      // The header's badge counts the rows that show unread (another view of the same list), '10+' past ten.
      const shown = kit.screen.queryByRole('list', { name: 'Chats' })
      const unread = shown
        ? within(shown)
            .queryAllByRole('listitem')
            .filter((r) => within(r).queryByText('Unread') !== null).length
        : 0
      const link = kit.screen.getByRole('link', { name: /^chats/ })
      if (hiddenView(expected)) return
      // The badge shows the count (capped at 10: '10+'); none without unread chats.
      // (The badge is drawn by CSS from data-badge.)
      expect(link.querySelector('[data-badge]')?.getAttribute('data-badge') ?? null).toBe(
        unread === 0 ? null : unread > 10 ? '10+' : String(unread),
      )
    },
    loading: (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading chats…')
      expect(kit.pending('loadTopics')).toBeTruthy()
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toContain('Could not load your chats.')
    },
    'ready.list.idle': (_, kit) => {
      expect(kit.calls.filter((c) => !c.settled && c.src === 'loadTopics')).toEqual([])
    },
    'ready.list.refreshing': (_, kit) => {
      // Read again in the background: the list keeps showing meanwhile.
      expect(kit.pending('refreshTopics')).toBeTruthy()
      expect(kit.screen.queryByText('Loading chats…')).toBeNull()
    },
    'ready.hiddenChats.closed': (_, kit) => {
      expect(kit.screen.queryByRole('heading', { name: 'Hidden chats' })).toBeNull()
    },
    'ready.hiddenChats.loading': (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading hidden chats…')
    },
    'ready.hiddenChats.failed': (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toContain('Could not load your hidden chats.')
    },
    'ready.hiddenChats.shown': (expected, kit) => {
      // Each hidden chat once, with its Unhide; none of them in the chat list.
      const hidden = expected.context.hidden
      if (hidden.length === 0) {
        expect(kit.screen.getByText(/^No hidden chats/)).toBeTruthy()
        return
      }
      const names = within(hiddenList(kit))
        .getAllByRole('listitem')
        .map((r) => r.getAttribute('aria-label'))
      expect(names).toEqual(hidden.map(nameOf))
      for (const t of hidden) expect(listed(kit).has(t._id)).toBe(false)
    },
    ready: (expected, kit) => {
      if (hiddenView(expected)) return
      const ts = topics(expected)
      // Not from the machine: as many rows as topics the test put in and did not take out, each once.
      const shownNames = ts.length ? rows(kit).map((r) => r.getAttribute('aria-label')) : []
      expect(new Set(shownNames).size, 'no topic shown twice').toBe(shownNames.length)
      expect(shownNames.length, 'one row per topic listed').toBe(listed(kit).size)
      if (ts.length === 0) {
        expect(kit.screen.getByText('No chats yet')).toBeTruthy()
        return
      }
      const rendered = rows(kit).map((r) => ({
        name: r.getAttribute('aria-label'),
        pinned: within(r).queryByText('Pinned') !== null,
        unread: within(r).queryByText('Unread') !== null,
        at: Date.parse(r.querySelector('time')!.getAttribute('datetime')!),
      }))
      expect(rendered.map((r) => r.name)).toEqual(ts.map(nameOf))
      expect(rendered.map((r) => r.unread)).toEqual(ts.map((t) => !t.is_seen))
      // Pinned first, then by the latest message time, newest first.
      const firstUnpinned = rendered.findIndex((r) => !r.pinned)
      if (firstUnpinned >= 0) expect(rendered.slice(firstUnpinned).every((r) => !r.pinned)).toBe(true)
      for (let i = 1; i < rendered.length; i++)
        if (rendered[i].pinned === rendered[i - 1].pinned) expect(rendered[i].at).toBeLessThanOrEqual(rendered[i - 1].at)
    },
  },
})
