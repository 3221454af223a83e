import { expect, vi } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { createActor, type Actor, type AnyEventObject } from 'xstate'
import { CATCH_UP_MAX, type Message, type PushedMessage, withoutLinks } from '../../contract/message'
import { DEFAULT_TOPIC_PERMISSIONS } from '../../contract/topic'
import { composerMachine, connect as composerConnect } from '../../src/machines/composer'
import { connect, conversationMachine, PAGE, type ConversationInput, type ConversationSnapshot } from '../../src/machines/conversation'
import { Conversation } from '../../src/ui/conversation/conversation'
import { describeModel, type ModelKit } from './support/run-model'
import { withLayout } from './support/layout'
import { textMessage } from './support/messages'

type Kit = ModelKit<typeof conversationMachine>

const ME = 'u-me'
const LAN = { _id: 'u-lan', name: 'Lan', workid: 'lan', photo_url: null }
const BAO = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
const TOPIC = 'topic-1'
const START = Date.parse('2026-03-01T08:00:00.000Z')

const PREVIEW = {
  url: 'https://news.example/launch',
  title: 'The launch',
  description: 'Shipped in a week.',
  site_name: 'News',
  image: null,
}

/** A message's time follows from its seq: the times shown tell which messages are shown, in which order. */
const msg = (seq: number, extra: Partial<Message> = {}): Message =>
  textMessage({
    _id: `m-${seq}`,
    topic_id: TOPIC,
    seq,
    message: `Message ${seq}`,
    sender: seq % 3 === 0 ? { ...LAN, _id: ME, name: 'Me' } : LAN,
    created_at: new Date(START + seq * 60_000).toISOString(),
    // Link previews: the user's m-3 shows one (the sender may remove it).
    preview: seq === 3 ? PREVIEW : null,
    ...extra,
  })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i))

/** The user had seen up to seq 22: the latest page (21..40) has an unread divider before m-23. */
const LATEST_FULL = range(21, 40)
const LATEST_SHORT = range(1, 3)
const TARGETS = [
  { _id: 'topic-2', name: 'Side room' },
  { _id: 'topic-3', name: '' },
]

const INPUT: ConversationInput = {
  topic: {
    _id: TOPIC,
    name: 'General',
    members_count: 3,
    role: 20,
    is_group: true,
    permission: DEFAULT_TOPIC_PERMISSIONS,
    last_seen_seq: 22,
  },
  meId: ME,
  mediaToken: 'tok-1',
}

const messages = (s: ConversationSnapshot) => s.context.messages
const newest = (s: ConversationSnapshot) => messages(s).at(-1)?.seq ?? 0
const oldest = (s: ConversationSnapshot) => messages(s)[0]?.seq ?? 0
const last = (s: ConversationSnapshot) => messages(s).at(-1)!

/** Only the history and typing regions move, or only one of the message actions, pinned list, forward picker or actions sheet. */
const sideIdle = (s: ConversationSnapshot) => s.matches({ action: 'idle', pinned: 'hidden', forward: 'closed', sheet: 'closed' })
/** The short history, loaded and quiet: where the message actions, the pinned list and the picker are explored. */
const calm = (s: ConversationSnapshot) =>
  s.matches({ history: 'ready', typing: 'idle' }) &&
  !s.context.catchUpDue &&
  !s.context.hasOlder &&
  messages(s).length === LATEST_SHORT.length

/**
 * While a catch-up is due only what moves history on is explored: live messages, edits and typing
 * take the same transitions whether or not one is due, and exploring them there too would double
 * the graph. Nor are they explored while a message action, the pinned list or the picker is busy.
 */
const historyEvent =
  (variants: (s: ConversationSnapshot) => AnyEventObject[]) =>
  (s: ConversationSnapshot): AnyEventObject[] =>
    s.context.catchUpDue || !sideIdle(s) || !untouched(s) ? [] : variants(s)
/** No message action, pinned list or picker has left a trace: the two explorations stay apart (or the graph multiplies). */
const untouched = (s: ConversationSnapshot) =>
  s.context.pinned.length === 0 &&
  s.context.forwardTargets.length === 0 &&
  !messages(s).some((m) => m.is_pin || m.is_deleted || m.message === 'Saved text' || (m.seq === 3 && m.preview === null))
/** A message action, the pinned list or the picker: explored from a calm chat, one at a time. */
const sideEvent =
  (region: 'action' | 'pinned' | 'forward' | 'sheet', variants: (s: ConversationSnapshot) => AnyEventObject[]) =>
  (s: ConversationSnapshot): AnyEventObject[] => {
    const others = { action: 'idle', pinned: 'hidden', forward: 'closed', sheet: 'closed' }
    const busy = Object.entries(others).some(([name, initial]) => name !== region && !s.matches({ [name]: initial }))
    return calm(s) && !busy ? variants(s) : []
  }

/** With the sheet open in a calm chat: its message deleted elsewhere (the sheet closes). */
const sheetDeletion = (s: ConversationSnapshot): AnyEventObject[] => {
  const open = messages(s).find((m) => m._id === s.context.actionsFor)
  return open && calm(s) && s.matches({ action: 'idle', pinned: 'hidden', forward: 'closed' })
    ? [{ type: 'SOCKET_MESSAGE_CHANGED', change: 'deleted', message: withoutLinks({ ...open, message: '', is_deleted: true }) }]
    : []
}

/** The messages the test delivered (history pages, catch-ups, live ones of this topic), by id: the oracle for what is shown. */
const delivered = new WeakMap<object, Set<string>>()
const deliveredOf = (kit: Kit) => {
  if (!delivered.has(kit.actor)) delivered.set(kit.actor, new Set())
  return delivered.get(kit.actor)!
}
/** What the chat shows: its own messages, and of the thread replies only those also sent to it. */
const deliver = (kit: Kit, list: readonly Pick<Message, '_id' | 'topic_id' | 'thread_root_id' | 'also_in_chat'>[]) => {
  for (const m of list) if (m.topic_id === TOPIC && (m.thread_root_id === null || m.also_in_chat)) deliveredOf(kit).add(m._id)
}
/** The media token the test last gave (input, MEDIA_TOKEN): the oracle for the file links shown. */
const tokens = new WeakMap<object, string>()
const tokenOf = (kit: Kit) => tokens.get(kit.actor) ?? INPUT.mediaToken

/** A pushed message with a picture (its key, no link), as the socket sends it to every member. */
const withPicture = (seq: number): PushedMessage => ({
  ...withoutLinks(msg(seq, { message: `Live ${seq}`, type: 'file' })),
  media: [
    {
      _id: `f-${seq}`,
      key: `k${seq}.png`,
      name: `photo-${seq}.png`,
      mime: 'image/png',
      size: 10,
      kind: 'image',
      width: 4,
      height: 3,
      has_thumb: true,
    },
  ],
})

// Plain selectors: role queries are slow over the 500 rows of a long catch-up.
const list = ({ container }: Kit) => container.querySelector<HTMLElement>('[role="feed"][aria-label="Messages"]')!
const rows = (kit: Kit) => [...list(kit).querySelectorAll<HTMLElement>(':scope > [data-index]')]
const rowOf = (kit: Kit, m: Message) => rows(kit).find((row) => row.querySelector('time')?.getAttribute('datetime') === m.created_at)!
const typingLine = ({ container }: Kit) => container.querySelector('[aria-live="polite"]')!
const sheetOf = () => document.querySelector<HTMLElement>('[role="dialog"]')
/** A message's "more" button: the phone's (opens the sheet) or the desktop's (a menu); both carry the same name. */
const moreButton = (kit: Kit, m: Message, kind: 'sheet' | 'menu') =>
  within(rowOf(kit, m))
    .getAllByRole('button', { name: `Actions for message from ${m.sender!.name}` })
    .find((b) => b.hasAttribute('aria-haspopup') === (kind === 'menu'))!
/** Runs a message action from its desktop menu. */
const fromMenu = async (kit: Kit, m: Message, action: string) => {
  await kit.user.click(moreButton(kit, m, 'menu'))
  await kit.user.click(kit.screen.getByRole('menuitem', { name: action }))
}
const region = ({ container }: Kit, name: string) => container.querySelector<HTMLElement>(`section[aria-label="${name}"]`)

let current: Actor<typeof conversationMachine> | null = null
let routerOf: unknown = null
let router = makeRouter()
function makeRouter() {
  return createRouter({
    routeTree: createRootRoute({ component: Screen }),
    history: createMemoryHistory({ initialEntries: [`/chat/${TOPIC}`] }),
  })
}
const composer = composerConnect(
  createActor(composerMachine, { input: { topicId: TOPIC, meId: ME, members: [], canSend: true, draft: '' } }).getSnapshot(),
  () => {},
)

/** The open chat as the app renders it (services/conversation.ts): the Conversation view of connect's props. */
function Screen() {
  const snapshot = useSelector(current!, (s) => s)
  return (
    <Conversation
      conversation={connect(snapshot, current!.send)}
      composer={composer}
      outbox={{ pending: [], rejected: [], onDismiss: () => {} }}
      onReplyInThread={() => {}}
    />
  )
}

// A long absence renders 500 rows at once.
vi.setConfig({ testTimeout: 30_000 })
withLayout()

describeModel({
  machine: conversationMachine,
  input: INPUT,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      count: Math.min(messages(s).length, 45),
      caughtUpFar: newest(s) >= CATCH_UP_MAX,
      hasOlder: s.context.hasOlder,
      catchUpDue: s.context.catchUpDue,
      edited: messages(s).some((m) => m.edited_at),
      typists: s.context.typists.length,
      pinned: s.context.pinned.length,
      lastPinned: messages(s).at(-1)?.is_pin,
      lastDeleted: messages(s).at(-1)?.is_deleted,
      previewGone: messages(s).some((m) => m.seq === 3 && m.preview === null),
      forwarding: s.context.forwarding?._id,
      targets: s.context.forwardTargets.length,
      actionsFor: s.context.actionsFor,
    }),
  select: 'coverage',
  // Thirteen event types in each of ~1,900 abstract states: more traversal steps than the default bound.
  limit: 40_000,
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
      ...(newest(s) < CATCH_UP_MAX
        ? [{ type: 'xstate.done.actor.loadAfter', output: range(newest(s) + 1, newest(s) + CATCH_UP_MAX).reverse() }]
        : []),
      // Overlapping what is shown: the newest shown comes again.
      { type: 'xstate.done.actor.loadAfter', output: [msg(newest(s) + 2), msg(newest(s) + 1), ...messages(s).slice(-1)] },
      { type: 'xstate.done.actor.loadAfter', output: [] },
    ],
    // A pushed message with a picture is shown, linked with the token; arriving twice (live and by
    // catch-up) it shows once; another topic's message is not shown.
    // A reply only in a thread is not shown, but the root shown takes the new summary it carries;
    // a reply to another chat's root changes nothing.
    SOCKET_NEW_MESSAGE: historyEvent((s) => [
      { type: 'SOCKET_NEW_MESSAGE', message: withPicture(newest(s) + 1) },
      ...(messages(s).length ? [{ type: 'SOCKET_NEW_MESSAGE', message: withoutLinks(messages(s).at(-1)!) }] : []),
      { type: 'SOCKET_NEW_MESSAGE', message: withoutLinks(msg(newest(s) + 1, { topic_id: 'topic-other', message: 'Elsewhere' })) },
      ...(messages(s).length && !last(s).thread
        ? [
            {
              type: 'SOCKET_NEW_MESSAGE',
              message: withoutLinks(msg(newest(s) + 1, { message: 'In the thread', thread_root_id: last(s)._id })),
              root_thread: { reply_count: 2, last_reply_at: '2026-03-01T09:30:00.000Z', last_repliers: [LAN] },
            },
            {
              type: 'SOCKET_NEW_MESSAGE',
              message: withoutLinks(msg(newest(s) + 1, { topic_id: 'topic-other', message: 'Elsewhere', thread_root_id: 'm-unknown' })),
              root_thread: { reply_count: 1, last_reply_at: '2026-03-01T09:30:00.000Z', last_repliers: [LAN] },
            },
          ]
        : []),
    ]),
    // The user's own message as the server answered its send.
    RECEIVED: historyEvent((s) => [
      { type: 'RECEIVED', message: msg(newest(s) + 1, { message: `Sent ${newest(s) + 1}`, sender: { ...LAN, _id: ME, name: 'Me' } }) },
    ]),
    SOCKET_MESSAGE_CHANGED: (s) => [
      ...sheetDeletion(s),
      ...historyEvent((s) => [
        ...messages(s)
          .slice(-1)
          .map((m) => ({
            type: 'SOCKET_MESSAGE_CHANGED',
            change: 'edited',
            message: withoutLinks({ ...m, message: 'Edited text', edited_at: '2026-03-02T08:00:00.000Z' }),
          })),
        { type: 'SOCKET_MESSAGE_CHANGED', change: 'edited', message: withoutLinks(msg(999, { message: 'Unknown' })) },
      ])(s),
    ],
    // A message's reactions (the socket's MESSAGE_REACTED, or the answer to the user's own): the
    // message shown takes them; one this chat does not show changes nothing.
    MESSAGE_REACTED: historyEvent((s) =>
      messages(s).length
        ? [
            {
              type: 'MESSAGE_REACTED',
              message_id: last(s)._id,
              topic_id: TOPIC,
              reactions: [{ emoji: '👍', count: 1, user_ids: [LAN._id], image_url: null }],
            },
            { type: 'MESSAGE_REACTED', message_id: 'm-unknown', topic_id: TOPIC, reactions: [] },
          ]
        : [],
    ),
    // The session renewed its token: every file shown is linked with the new one.
    MEDIA_TOKEN: historyEvent((s) => (s.context.mediaToken === 'tok-1' ? [{ type: 'MEDIA_TOKEN', token: 'tok-2' }] : [])),
    // Asked again while one is due, a catch-up is the same one. While history is being fetched it is
    // asked with nobody typing and nothing edited (the typing region and edits do not change what it does).
    CONNECTED: historyEvent((s) =>
      s.matches({ history: 'ready' }) || (s.context.typists.length === 0 && !messages(s).some((m) => m.edited_at))
        ? [{ type: 'CONNECTED' }]
        : [],
    ),
    // Someone typing here is shown; in another topic, not.
    SOCKET_TYPING: historyEvent((s) =>
      s.context.typists.length < 2
        ? [
            { type: 'SOCKET_TYPING', topic_id: TOPIC, user: { _id: LAN._id, name: 'Lan' } },
            { type: 'SOCKET_TYPING', topic_id: TOPIC, user: { _id: BAO._id, name: 'Bao' } },
            { type: 'SOCKET_TYPING', topic_id: 'topic-other', user: { _id: 'u-an', name: 'An' } },
          ]
        : [],
    ),
    RETRY: [{ type: 'RETRY' }],
    LOAD_OLDER: historyEvent(() => [{ type: 'LOAD_OLDER' }]),
    // The composer sends EDIT with the new text of one of the user's messages.
    EDIT: sideEvent('action', (s) =>
      s.matches({ action: 'idle' }) && !last(s).is_deleted ? [{ type: 'EDIT', messageId: last(s)._id, text: 'Saved text' }] : [],
    ),
    PIN: sideEvent('action', (s) =>
      s.matches({ action: 'idle' }) && !last(s).is_deleted ? [{ type: 'PIN', messageId: last(s)._id, pin: !last(s).is_pin }] : [],
    ),
    // Link previews: the user removes their message's preview (its card's button).
    REMOVE_PREVIEW: sideEvent('action', (s) =>
      s.matches({ action: 'idle' }) && !last(s).is_deleted && last(s).preview && last(s).sender?._id === ME
        ? [{ type: 'REMOVE_PREVIEW', messageId: last(s)._id }]
        : [],
    ),
    'xstate.done.actor.removePreview': (s) => [{ type: 'xstate.done.actor.removePreview', output: { ...last(s), preview: null } }],
    DELETE: sideEvent('action', (s) =>
      s.matches({ action: 'idle' }) && !last(s).is_deleted ? [{ type: 'DELETE', messageId: last(s)._id }] : [],
    ),
    'xstate.done.actor.editMessage': (s) => [
      { type: 'xstate.done.actor.editMessage', output: { ...last(s), message: 'Saved text', edited_at: '2026-03-02T08:00:00.000Z' } },
    ],
    'xstate.done.actor.pinMessage': (s) => [{ type: 'xstate.done.actor.pinMessage', output: { ...last(s), is_pin: !last(s).is_pin } }],
    'xstate.done.actor.confirmDelete': [
      { type: 'xstate.done.actor.confirmDelete', output: true },
      { type: 'xstate.done.actor.confirmDelete', output: false },
    ],
    'xstate.done.actor.deleteMessage': (s) => [
      {
        type: 'xstate.done.actor.deleteMessage',
        output: { ...messages(s).find((m) => m._id === s.context.deletingId)!, is_deleted: true },
      },
    ],
    TOGGLE_PINNED: sideEvent('pinned', () => [{ type: 'TOGGLE_PINNED' }]),
    'xstate.done.actor.loadPinned': (s) => [
      { type: 'xstate.done.actor.loadPinned', output: [] },
      { type: 'xstate.done.actor.loadPinned', output: [{ ...last(s), is_pin: true }] },
    ],
    FORWARD: sideEvent('forward', (s) =>
      last(s).is_deleted
        ? []
        : s.context.forwarding?._id === last(s)._id
          ? [{ type: 'FORWARD', message: messages(s).at(-2) ?? last(s) }]
          : [{ type: 'FORWARD', message: last(s) }],
    ),
    'xstate.done.actor.loadForwardTargets': [{ type: 'xstate.done.actor.loadForwardTargets', output: TARGETS }],
    FORWARD_TO: sideEvent('forward', () => [{ type: 'FORWARD_TO', topicId: TARGETS[0]!._id }]),
    CANCEL_FORWARD: sideEvent('forward', () => [{ type: 'CANCEL_FORWARD' }]),
    // The sheet opens on the user's last message or on Lan's before it, and closes.
    OPEN_ACTIONS: sideEvent('sheet', (s) =>
      s.matches({ sheet: 'closed' }) ? [last(s), messages(s).at(-2)!].map((m) => ({ type: 'OPEN_ACTIONS', messageId: m._id })) : [],
    ),
    CLOSE_ACTIONS: sideEvent('sheet', (s) => (s.matches({ sheet: 'open' }) ? [{ type: 'CLOSE_ACTIONS' }] : [])),
  },
  render: (_, __, actor) => {
    if (routerOf !== actor) {
      router = makeRouter()
      routerOf = actor
    }
    current = actor
    return <RouterProvider router={router} />
  },
  ready: async (kit) => {
    await vi.advanceTimersByTimeAsync(0)
    await kit.screen.findByRole('heading', { name: 'General' })
  },
  perform: {
    RETRY: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Retry' }))
    },
    LOAD_OLDER: async (_, kit) => {
      // Scrolling to the top of the list asks for the page before the oldest message shown.
      fireEvent.scroll(kit.screen.getByTestId('message-scroller'))
      if (kit.previous.context.hasOlder) expect(kit.pending('loadBefore').input).toEqual({ topicId: TOPIC, before: oldest(kit.previous) })
    },
    'xstate.done.actor.loadLatest': async (event, kit) => {
      deliver(kit, event.output as Message[])
      await kit.resolve('loadLatest', event.output)
    },
    'xstate.done.actor.loadBefore': async (event, kit) => {
      deliver(kit, event.output as Message[])
      await kit.resolve('loadBefore', event.output)
    },
    'xstate.done.actor.loadAfter': async (event, kit) => {
      deliver(kit, event.output as Message[])
      await kit.resolve('loadAfter', event.output)
    },
    RECEIVED: async (event, kit) => {
      deliver(kit, [event.message as Message])
      await kit.send(event as never)
    },
    SOCKET_NEW_MESSAGE: async (event, kit) => {
      deliver(kit, [event.message as PushedMessage])
      await kit.send(event as never)
    },
    MEDIA_TOKEN: async (event, kit) => {
      tokens.set(kit.actor, event.token as string)
      await kit.send(event as never)
    },
    PIN: async (event, kit) => {
      await fromMenu(kit, last(kit.previous), event.pin ? 'Pin' : 'Unpin')
      expect(kit.pending('pinMessage').input).toEqual({ message_id: event.messageId, pin: event.pin })
    },
    REMOVE_PREVIEW: async (event, kit) => {
      const card = within(rowOf(kit, last(kit.previous))).getByRole('region', { name: 'Link preview: The launch' })
      await kit.user.click(within(card).getByRole('button', { name: 'Remove preview' }))
      expect(kit.pending('removePreview').input).toEqual({ message_id: event.messageId })
    },
    DELETE: async (event, kit) => {
      await fromMenu(kit, last(kit.previous), 'Delete')
      expect(kit.pending('confirmDelete').input).toEqual({ message_id: event.messageId })
    },
    TOGGLE_PINNED: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Chat options' }))
      const shown = kit.previous.matches({ pinned: 'shown' })
      await kit.user.click(kit.screen.getByRole('menuitem', { name: shown ? 'Hide pinned messages' : 'Show pinned messages' }))
    },
    FORWARD: async (event, kit) => {
      await fromMenu(kit, event.message as Message, 'Forward')
    },
    OPEN_ACTIONS: async (event, kit) => {
      await kit.user.click(
        moreButton(
          kit,
          messages(kit.previous).find((m) => m._id === event.messageId)!,
          'sheet',
        ),
      )
    },
    CLOSE_ACTIONS: async (_, kit) => {
      await kit.user.click(within(sheetOf()!).getByRole('button', { name: 'Cancel' }))
    },
    FORWARD_TO: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('region', { name: 'Forward to' })).getByRole('button', { name: 'Side room' }))
    },
    CANCEL_FORWARD: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('region', { name: 'Forward to' })).getByRole('button', { name: 'Cancel' }))
    },
  },
  states: {
    '*': (expected, kit) => {
      // One history fetch at a time. A catch-up asked for meanwhile is kept for when it ends (in
      // `failed`, RETRY loads the newest messages, which is that catch-up).
      const history = ['loadLatest', 'loadBefore', 'loadAfter']
      const running = kit.calls.filter((c) => !c.settled && history.includes(c.src))
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
      // A list already at the top fires no scroll: older pages are offered by a button there too.
      expect(kit.screen.queryByRole('button', { name: 'Load older messages' }) !== null, 'older pages offered').toBe(
        expected.context.hasOlder,
      )
      const shown = rows(kit)
      // Not from the machine: each message the test delivered is shown once, in the order of its seq.
      const times = shown
        .map((row) => row.querySelector('time')?.getAttribute('datetime'))
        .filter((time): time is string => time !== undefined)
        .map((time) => Date.parse(time))
      expect(new Set(times).size, 'no message shown twice').toBe(times.length)
      expect(times, 'oldest first').toEqual([...times].sort((a, b) => a - b))
      expect(times.length, 'every message delivered, once').toBe(deliveredOf(kit).size)
      // A root with a thread says how many replies it has (the count the test sent).
      const threads = messages(expected).filter((m) => m.thread !== null).length
      expect(kit.screen.queryAllByRole('button', { name: /^2 replies/ }).length, 'thread summaries').toBe(threads)
      const texts = shown
        // A text message's markdown (its own box), or the paragraph of any other.
        .map((row) => row.querySelector('[data-markdown], p')?.textContent?.trim() ?? '')
        .filter((t) => t !== '' && t !== 'This message was deleted')
      expect(texts).toEqual(
        messages(expected)
          .filter((m) => !m.is_deleted)
          .map((m) => m.message),
      )
      const unread = messages(expected).find((m) => m.seq > 22 && m.sender?._id !== ME)
      if (unread) {
        const divider = shown.findIndex((r) => r.textContent === 'New messages')
        expect(shown[divider + 1]!.textContent).toContain(unread.message)
      } else expect(shown.some((r) => r.textContent === 'New messages')).toBe(false)
      expect(shown.some((r) => r.textContent?.includes('Elsewhere'))).toBe(false)
      // Link previews: m-3's card, while it has its preview (the test gave it one; removing it takes it away).
      expect(region(kit, 'Link preview: The launch') !== null, 'preview card').toBe(
        messages(expected).some((m) => m.seq === 3 && m.preview !== null && !m.is_deleted),
      )
      // Not from the machine: every file link shown carries the token the test gave last, and each
      // picture pushed is shown (the socket gave keys only: no request was made for links).
      const links = [...list(kit).querySelectorAll('a[href*="/api/media/access"], img[src*="/api/media/access"]')].map(
        (el) => el.getAttribute('href') ?? el.getAttribute('src')!,
      )
      for (const link of links) expect(new URL(link, 'http://x').searchParams.get('token')).toBe(tokenOf(kit))
      const pictures = [...list(kit).querySelectorAll('img')].map((img) => img.getAttribute('alt'))
      expect(pictures).toEqual(messages(expected).flatMap((m) => m.media.map((f) => f.name)))
      expect(kit.calls.filter((c) => !c.settled && c.src === 'loadAfter').length, 'no catch-up but for a reconnection').toBe(
        expected.context.catchUpDue || expected.matches({ history: 'catchingUp' }) ? 1 : 0,
      )
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
    'action.idle': (_, kit) => {
      expect(
        kit.calls.filter(
          (c) => !c.settled && ['editMessage', 'pinMessage', 'removePreview', 'confirmDelete', 'deleteMessage'].includes(c.src),
        ),
      ).toEqual([])
    },
    'action.editing': (_, kit) => {
      expect(kit.pending('editMessage').input).toEqual({ message_id: last(kit.previous)._id, message: 'Saved text' })
    },
    'action.pinning': (_, kit) => {
      expect(kit.pending('pinMessage')).toBeTruthy()
    },
    'action.removingPreview': (_, kit) => {
      expect(kit.pending('removePreview').input).toEqual({ message_id: 'm-3' })
    },
    'action.confirmingDelete': (expected, kit) => {
      expect(kit.pending('confirmDelete').input).toEqual({ message_id: expected.context.deletingId })
    },
    'action.deleting': (expected, kit) => {
      expect(kit.pending('deleteMessage').input).toEqual({ message_id: expected.context.deletingId })
    },
    // Plain selectors where the page may hold hundreds of rows; role queries where it holds three.
    'pinned.hidden': (_, kit) => {
      expect(region(kit, 'Pinned messages')).toBeNull()
    },
    'pinned.loading': (_, kit) => {
      expect(kit.pending('loadPinned').input).toEqual({ topicId: TOPIC })
      expect(region(kit, 'Pinned messages')).toBeNull()
    },
    'pinned.shown': (expected, kit) => {
      const region = kit.screen.getByRole('region', { name: 'Pinned messages' })
      if (expected.context.pinned.length === 0) expect(region.textContent).toBe('No pinned messages')
      else
        expect(
          within(region)
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual(expected.context.pinned.map((m) => `${m.sender?.name}: ${m.message}`))
    },
    'sheet.closed': () => {
      expect(sheetOf()).toBeNull()
    },
    'sheet.open': (expected) => {
      // Not from the machine: the message the test opened, and what a member may do to it (pin: the
      // topic lets everyone; delete and edit: their own only).
      const m = messages(expected).find((x) => x._id === expected.context.actionsFor)!
      const sheet = sheetOf()!
      expect(within(sheet).getByRole('heading').textContent).toBe(`Message from ${m.sender!.name}`)
      const mine = m.sender!._id === ME
      expect(
        within(sheet)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([
        'Reply',
        'Reply in thread',
        ...(mine ? ['Edit'] : []),
        m.is_pin ? 'Unpin' : 'Pin',
        'Forward',
        ...(mine ? ['Delete'] : []),
        'Cancel',
      ])
    },
    'forward.closed': (_, kit) => {
      expect(region(kit, 'Forward to')).toBeNull()
    },
    'forward.loadingTargets': (_, kit) => {
      expect(within(kit.screen.getByRole('region', { name: 'Forward to' })).getByRole('status').textContent).toBe('Loading chats…')
      expect(kit.pending('loadForwardTargets').input).toEqual({ topicId: TOPIC })
    },
    'forward.choosing': (_, kit) => {
      // A chat without a name is offered as 'New Message'.
      const region = kit.screen.getByRole('region', { name: 'Forward to' })
      expect(
        within(region)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Side room', 'New Message'])
    },
    'forward.sending': (expected, kit) => {
      expect(kit.pending('forwardMessage').input).toEqual({ message_id: expected.context.forwarding!._id, topic_ids: [TARGETS[0]!._id] })
    },
  },
})
