import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Message } from '../../../contract/message'
import { withoutLinks } from '../../../contract/message'
import {
  connect,
  conversationMachine,
  conversationSampleInput,
  runContinuations,
  dayStarts,
  type ConversationTopic,
} from '../../../src/machines/conversation'
import { ROLES } from '../../../contract/limits'
import { textMessage } from '../../model/support/messages'

const TOPIC = 't-1'
const msg = (seq: number): Message =>
  textMessage({ _id: `m-${seq}`, topic_id: TOPIC, seq, message: `Message ${seq}`, sender: null, created_at: '2026-03-01T08:00:00.000Z' })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i))

type Fetch = {
  src: string
  input: unknown
  answer: (messages: Message[]) => Promise<void>
  fail: () => Promise<void>
}

/** Every call the conversation may make: a test that sees no new entry in `fetches` knows it made no request. */
const CALLS = [
  'loadLatest',
  'loadBefore',
  'loadAfter',
  'editMessage',
  'confirmDelete',
  'deleteMessage',
  'pinMessage',
  'loadPinned',
  'loadForwardTargets',
  'forwardMessage',
] as const

/** The conversation with every call recorded, answered by the test; `fetches` lists every call, oldest first. */
function open(focusSeq: number | null = null, topic: Partial<ConversationTopic> = {}, mediaToken = 'tok-1') {
  const fetches: Fetch[] = []
  const fake = <TInput>(src: Fetch['src']) =>
    fromPromise<Message[], TInput>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          fetches.push({
            src,
            input,
            answer: async (messages) => {
              resolve(messages)
              await vi.advanceTimersByTimeAsync(0)
            },
            fail: async () => {
              reject(new Error('offline'))
              await vi.advanceTimersByTimeAsync(0)
            },
          })
        }),
    )
  const actor = createActor(conversationMachine.provide({ actors: Object.fromEntries(CALLS.map((src) => [src, fake(src)])) as never }), {
    input: { ...conversationSampleInput, topic: { ...conversationSampleInput.topic, _id: TOPIC, ...topic }, focusSeq, mediaToken },
  }).start()
  const history = () => (actor.getSnapshot().value as { history: string }).history
  const catchUps = () => fetches.filter((f) => f.src === 'loadAfter')
  const props = () => connect(actor.getSnapshot(), () => undefined)
  return { actor, fetches, history, catchUps, props }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('conversation machine: one catch-up per reconnection', () => {
  it('a reconnection (CONNECTED) fetches what came after the newest message once', async () => {
    const { actor, fetches, history, catchUps } = open()
    await fetches[0]!.answer(range(1, 3))
    actor.send({ type: 'CONNECTED' })
    expect(catchUps().map((f) => f.input)).toEqual([{ topicId: TOPIC, after: 3 }])
    await catchUps()[0]!.answer([msg(4)])
    expect(history()).toBe('ready')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(catchUps()).toHaveLength(1)
    expect(actor.getSnapshot().context.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4])
  })

  it('asked while a catch-up runs, it is not dropped: one more fetch after it, from the newest then shown', async () => {
    const { actor, fetches, history, catchUps } = open()
    await fetches[0]!.answer(range(1, 3))
    actor.send({ type: 'CONNECTED' })
    // Two more reconnections while the first answer is on its way.
    actor.send({ type: 'CONNECTED' })
    actor.send({ type: 'CONNECTED' })
    expect(catchUps()).toHaveLength(1)
    await catchUps()[0]!.answer([msg(4)])
    expect(catchUps().map((f) => f.input)).toEqual([
      { topicId: TOPIC, after: 3 },
      { topicId: TOPIC, after: 4 },
    ])
    await catchUps()[1]!.answer([])
    expect(history()).toBe('ready')
    expect(catchUps()).toHaveLength(2)
  })

  it('asked while older messages load, it runs once they are in', async () => {
    const { actor, fetches, history, catchUps } = open()
    await fetches[0]!.answer(range(21, 40))
    actor.send({ type: 'LOAD_OLDER' })
    actor.send({ type: 'CONNECTED' })
    expect(history()).toBe('loadingOlder')
    expect(catchUps()).toEqual([])
    await fetches[1]!.fail()
    expect(catchUps().map((f) => f.input)).toEqual([{ topicId: TOPIC, after: 40 }])
  })

  it('asked while the first page loads, it runs after it; asked before a reload, the reload is the catch-up', async () => {
    const first = open()
    first.actor.send({ type: 'CONNECTED' })
    await first.fetches[0]!.answer(range(1, 3))
    expect(first.catchUps().map((f) => f.input)).toEqual([{ topicId: TOPIC, after: 3 }])

    const second = open()
    await second.fetches[0]!.fail()
    second.actor.send({ type: 'CONNECTED' })
    second.actor.send({ type: 'RETRY' })
    await second.fetches[1]!.answer(range(1, 3))
    expect(second.history()).toBe('ready')
    expect(second.catchUps()).toEqual([])
  })
})

describe('conversation machine: pushed files are linked with the session media token, with no request', () => {
  const file = { _id: 'f-1', key: 'k1.png', name: 'photo.png', mime: 'image/png', size: 10, kind: 'image' as const, width: 4, height: 3 }
  const doc = {
    _id: 'f-2',
    key: 'k2.pdf',
    name: 'notes.pdf',
    mime: 'application/pdf',
    size: 20,
    kind: 'file' as const,
    width: null,
    height: null,
  }
  /** What the server answers in GET topic/messages: links with a token it signed for this reader. */
  const served = {
    ...msg(2),
    type: 'file' as const,
    message: '',
    media: [
      {
        ...file,
        url: '/api/media/access?key=k1.png&topic_id=t-1&token=server',
        thumb_url: '/api/media/access?key=k1.png.thumb.jpg&topic_id=t-1&token=server',
      },
    ],
  }
  /** The socket's copy of a message with an image (a thumbnail) and a pdf (none): keys, no links. */
  const pushed = {
    ...msg(4),
    type: 'file' as const,
    message: '',
    preview: null,
    media: [
      { ...file, has_thumb: true },
      { ...doc, has_thumb: false },
    ],
  }
  const filesOf = (actor: ReturnType<typeof open>['actor'], id: string) =>
    actor
      .getSnapshot()
      .context.messages.find((m) => m._id === id)!
      .media.map((f) => [f._id, f.url, f.thumb_url])

  it('a pushed message with files in the open chat is shown with links built from the token, and no call is made', async () => {
    const { actor, fetches } = open()
    await fetches[0]!.answer([msg(1)])
    actor.send({ type: 'SOCKET_NEW_MESSAGE', message: pushed })
    expect(fetches.map((f) => f.src)).toEqual(['loadLatest'])
    expect(filesOf(actor, 'm-4')).toEqual([
      ['f-1', '/api/media/access?key=k1.png&topic_id=t-1&token=tok-1', '/api/media/access?key=k1.png.thumb.jpg&topic_id=t-1&token=tok-1'],
      ['f-2', '/api/media/access?key=k2.pdf&topic_id=t-1&token=tok-1', null],
    ])
    // An hour on, nothing was fetched either: the links live as long as the token, which the session renews.
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(fetches.map((f) => f.src)).toEqual(['loadLatest'])
  })

  it("a renewed token links every file shown again, loaded and pushed ones, with no call; another chat's push is not shown", async () => {
    const { actor, fetches } = open()
    await fetches[0]!.answer([msg(1), served])
    actor.send({ type: 'SOCKET_NEW_MESSAGE', message: pushed })
    actor.send({ type: 'SOCKET_NEW_MESSAGE', message: { ...pushed, _id: 'm-elsewhere', seq: 5, topic_id: 't-other' } })
    expect(filesOf(actor, 'm-2')).toEqual([
      ['f-1', '/api/media/access?key=k1.png&topic_id=t-1&token=tok-1', '/api/media/access?key=k1.png.thumb.jpg&topic_id=t-1&token=tok-1'],
    ])
    actor.send({ type: 'MEDIA_TOKEN', token: 'tok-2' })
    expect(filesOf(actor, 'm-2')).toEqual([
      ['f-1', '/api/media/access?key=k1.png&topic_id=t-1&token=tok-2', '/api/media/access?key=k1.png.thumb.jpg&topic_id=t-1&token=tok-2'],
    ])
    expect(filesOf(actor, 'm-4').map(([, url]) => url)).toEqual([
      '/api/media/access?key=k1.png&topic_id=t-1&token=tok-2',
      '/api/media/access?key=k2.pdf&topic_id=t-1&token=tok-2',
    ])
    expect(actor.getSnapshot().context.messages.map((m) => m._id)).toEqual(['m-1', 'm-2', 'm-4'])
    expect(fetches.map((f) => f.src)).toEqual(['loadLatest'])
  })

  it('a pushed change (pin, delete) of a message shown keeps its files linked with the token; a deleted one has none', async () => {
    const { actor, fetches } = open()
    await fetches[0]!.answer([msg(1), served])
    actor.send({ type: 'SOCKET_MESSAGE_CHANGED', change: 'pinned', message: { ...withoutLinks(served), is_pin: true } })
    expect(actor.getSnapshot().context.messages[1]).toMatchObject({ is_pin: true })
    expect(filesOf(actor, 'm-2')).toEqual([
      ['f-1', '/api/media/access?key=k1.png&topic_id=t-1&token=tok-1', '/api/media/access?key=k1.png.thumb.jpg&topic_id=t-1&token=tok-1'],
    ])
    actor.send({ type: 'SOCKET_MESSAGE_CHANGED', change: 'deleted', message: { ...withoutLinks(served), is_deleted: true, media: [] } })
    expect(actor.getSnapshot().context.messages[1]).toMatchObject({ is_deleted: true, media: [] })
    expect(fetches.map((f) => f.src)).toEqual(['loadLatest'])
  })

  it("a pushed link preview's picture (MESSAGE_CHANGED 'preview') is linked with the token, and again with a renewed one", async () => {
    const { actor, fetches } = open()
    await fetches[0]!.answer([msg(1)])
    const preview = { url: 'https://news.example/a', title: 'A', description: null, site_name: null }
    actor.send({
      type: 'SOCKET_MESSAGE_CHANGED',
      change: 'preview',
      message: { ...withoutLinks(msg(1)), preview: { ...preview, image: { ...file, has_thumb: true } } },
    })
    const imageOf = () => actor.getSnapshot().context.messages[0]!.preview!.image!
    expect([imageOf().url, imageOf().thumb_url]).toEqual([
      '/api/media/access?key=k1.png&topic_id=t-1&token=tok-1',
      '/api/media/access?key=k1.png.thumb.jpg&topic_id=t-1&token=tok-1',
    ])
    actor.send({ type: 'MEDIA_TOKEN', token: 'tok-2' })
    expect(imageOf().url).toBe('/api/media/access?key=k1.png&topic_id=t-1&token=tok-2')
    expect(fetches.map((f) => f.src)).toEqual(['loadLatest'])
  })

  it('without a token (no session) the links the server gave stay as they are', async () => {
    const { actor, fetches } = open(null, {}, '')
    await fetches[0]!.answer([served])
    expect(actor.getSnapshot().context.messages[0]!.media).toEqual(served.media)
  })
})

describe('conversation machine: opened on a message (a search result)', () => {
  it('loads the 20 up to that message, then every newer one (one catch-up while answers are full), so history has no gap', async () => {
    const { actor, fetches, history, catchUps } = open(50)
    expect(fetches.map((f) => [f.src, f.input])).toEqual([['loadLatest', { topicId: TOPIC, before: 51 }]])
    await fetches[0]!.answer(range(31, 50).reverse())
    expect(catchUps().map((f) => f.input)).toEqual([{ topicId: TOPIC, after: 50 }])
    await catchUps()[0]!.answer(range(51, 60).reverse())
    expect(history()).toBe('ready')
    expect(catchUps()).toHaveLength(1)
    const seqs = actor.getSnapshot().context.messages.map((m) => m.seq)
    expect(seqs).toEqual(range(31, 60).map((m) => m.seq))
    expect(actor.getSnapshot().context.hasOlder).toBe(true)
  })

  it('without a message to open on, it loads the newest and asks for nothing after them', async () => {
    const { fetches, history, catchUps } = open()
    expect(fetches.map((f) => f.input)).toEqual([{ topicId: TOPIC }])
    await fetches[0]!.answer(range(1, 5).reverse())
    expect(history()).toBe('ready')
    expect(catchUps()).toHaveLength(0)
  })
})

describe('conversation machine: live messages, older pages and an empty chat', () => {
  it("merges a live message of this chat in seq order and ignores another chat's; ignores a change to a message it does not show", async () => {
    const { actor, fetches } = open()
    await fetches[0]!.answer([msg(1), msg(3)])
    actor.send({ type: 'RECEIVED', message: { ...msg(2), topic_id: 't-other' } })
    actor.send({ type: 'SOCKET_NEW_MESSAGE', message: withoutLinks({ ...msg(2), _id: 'm-x', topic_id: 't-other' }) })
    actor.send({ type: 'SOCKET_MESSAGE_CHANGED', change: 'pinned', message: withoutLinks({ ...msg(7), is_pin: true }) })
    expect(actor.getSnapshot().context.messages.map((m) => m._id)).toEqual(['m-1', 'm-3'])
    actor.send({ type: 'SOCKET_NEW_MESSAGE', message: withoutLinks(msg(2)) })
    expect(actor.getSnapshot().context.messages.map((m) => m._id)).toEqual(['m-1', 'm-2', 'm-3'])
    actor.send({ type: 'RECEIVED', message: msg(4) })
    expect(actor.getSnapshot().context.messages.map((m) => m._id)).toEqual(['m-1', 'm-2', 'm-3', 'm-4'])
  })

  it('loads older messages only after a full page, from before the oldest shown', async () => {
    const short = open()
    await short.fetches[0]!.answer(range(1, 19))
    short.actor.send({ type: 'LOAD_OLDER' })
    expect(short.history()).toBe('ready')
    expect(short.props().history.hasOlder).toBe(false)
    expect(short.fetches).toHaveLength(1)

    const full = open()
    await full.fetches[0]!.answer(range(21, 40))
    expect(full.props().history.hasOlder).toBe(true)
    full.actor.send({ type: 'LOAD_OLDER' })
    expect(full.props().history.loadingOlder).toBe(true)
    expect(full.fetches.map((f) => [f.src, f.input])).toEqual([
      ['loadLatest', { topicId: TOPIC }],
      ['loadBefore', { topicId: TOPIC, before: 21 }],
    ])
    await full.fetches[1]!.answer(range(11, 20))
    expect(full.props().history).toMatchObject({ loadingOlder: false, hasOlder: false })
    expect(full.actor.getSnapshot().context.messages).toHaveLength(30)
  })

  it('a catch-up in a chat with no messages asks for everything after seq 0', async () => {
    const { actor, fetches, catchUps } = open()
    await fetches[0]!.answer([])
    actor.send({ type: 'CONNECTED' })
    expect(catchUps().map((f) => f.input)).toEqual([{ topicId: TOPIC, after: 0 }])
  })

  it('a failed first load shows as failed, and RETRY loads again', async () => {
    const { actor, fetches, props } = open()
    expect(props().history.status).toBe('loading')
    await fetches[0]!.fail()
    expect(props().history.status).toBe('failed')
    actor.send({ type: 'RETRY' })
    expect(props().history.status).toBe('loading')
    await fetches[1]!.answer([msg(1)])
    expect(props().history.status).toBe('ready')
  })
})

describe('conversation machine: who is typing', () => {
  const lan = { _id: 'u-lan', name: 'Lan' }
  const bao = { _id: 'u-bao', name: 'Bao' }
  const me = { _id: conversationSampleInput.meId, name: 'Me' }

  const typing = (user: { _id: string; name: string }, topic_id = TOPIC) => ({ type: 'SOCKET_TYPING' as const, topic_id, user })

  it('lists each typist once, the latest last, not the user, and clears them all 4 s after the last one typed', async () => {
    const { actor, props } = open()
    actor.send(typing(lan))
    await vi.advanceTimersByTimeAsync(3_000)
    actor.send(typing(bao))
    actor.send(typing(me))
    // Someone typing in another chat is not shown here, nor restarts the window.
    actor.send(typing({ _id: 'u-an', name: 'An' }, 't-other'))
    actor.send(typing(lan))
    expect(actor.getSnapshot().context.typists).toEqual([bao, me, lan])
    expect(props().typists).toEqual([bao, lan])
    await vi.advanceTimersByTimeAsync(3_999)
    expect(props().typists).toEqual([bao, lan])
    await vi.advanceTimersByTimeAsync(1)
    expect(props().typists).toEqual([])
    actor.send(typing(bao, 't-other'))
    expect(props().typists).toEqual([])
    actor.send(typing(bao))
    expect(props().typists).toEqual([bao])
  })
})

describe('conversation connect: what the chat shows', () => {
  const me = { _id: conversationSampleInput.meId, name: 'Me', workid: 'me', photo_url: null }
  const lan = { _id: 'u-lan', name: 'Lan', workid: 'lan', photo_url: null }

  it("puts the unread divider before the first newer message that is not the user's own, a system message included", async () => {
    const mine = open(null, { last_seen_seq: 2 })
    await mine.fetches[0]!.answer([msg(1), msg(2), { ...msg(3), sender: me }, { ...msg(4), sender: lan }])
    expect(mine.props().history.firstUnreadId).toBe('m-4')

    const system = open(null, { last_seen_seq: 1 })
    await system.fetches[0]!.answer([{ ...msg(1), sender: lan }, msg(2), { ...msg(3), sender: lan }])
    expect(system.props().history.firstUnreadId).toBe('m-2')

    const seen = open(null, { last_seen_seq: 3 })
    await seen.fetches[0]!.answer(range(1, 3))
    expect(seen.props().history.firstUnreadId).toBeNull()
  })

  it('marks the message the chat was opened on once it is loaded, and none without one', async () => {
    const focused = open(5)
    expect(focused.props().history.focusedId).toBeNull()
    await focused.fetches[0]!.answer(range(3, 5))
    expect(focused.props().history.focusedId).toBe('m-5')

    const plain = open()
    await plain.fetches[0]!.answer(range(1, 3))
    expect(plain.props().history.focusedId).toBeNull()
  })

  it('lets a member pin unless the chat keeps pinning to admins; an admin may always', () => {
    const restricted = { ...conversationSampleInput.topic.permission, pin_message: 1 as const }
    expect(open(null, { role: ROLES.member, permission: restricted }).props().may.pin).toBe(false)
    expect(open(null, { role: ROLES.admin, permission: restricted }).props().may.pin).toBe(true)
    expect(open(null, { role: ROLES.member }).props().may.pin).toBe(true)
  })

  it("lets a member delete their own messages only, and a topic admin anyone's (a system message included)", () => {
    const own = { ...msg(1), sender: me }
    const others = [{ ...msg(2), sender: lan }, msg(3)]
    const member = open(null, { role: ROLES.member }).props().may
    expect([own, ...others].map(member.delete)).toEqual([true, false, false])
    const admin = open(null, { role: ROLES.admin }).props().may
    expect([own, ...others].map(admin.delete)).toEqual([true, true, true])
  })

  it('names the chat, or leaves the name to the view when it has none', () => {
    expect(open(null, { name: 'Launch', members_count: 5 }).props()).toMatchObject({ title: 'Launch', membersCount: 5, topicId: TOPIC })
    expect(open(null, { name: '' }).props().title).toBeNull()
  })
})

describe('runs of one sender', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 8, 0) + minutes * 60_000).toISOString()
  const from = (id: string, minutes: number, extra: Partial<Message> = {}) =>
    textMessage({
      _id: `m-${id}-${minutes}`,
      topic_id: 't',
      seq: minutes,
      message: 'x',
      sender: { _id: id, name: id, workid: id, photo_url: null },
      created_at: at(minutes),
      ...extra,
    })

  it('a message continues the run of the one before from the same sender within 5 minutes', () => {
    const list = [from('lan', 0), from('lan', 1), from('lan', 6), from('lan', 12), from('bao', 13), from('lan', 14)]
    // 0 starts; 1 is 1 min later; 6 is 5 min after 1 (still within); 12 is 6 min after 6; bao and lan change sender.
    expect([...runContinuations(list, null)]).toEqual(['m-lan-1', 'm-lan-6'])
  })

  it("a new day starts a new run, even within 5 minutes (the reader's local midnight)", () => {
    const local = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString()
    const list = [
      from('lan', 0, { _id: 'late', created_at: local(26, 23, 57) }),
      from('lan', 1, { _id: 'later', created_at: local(26, 23, 59) }),
      from('lan', 2, { _id: 'after-midnight', created_at: local(27, 0, 1) }),
      from('lan', 3, { _id: 'next', created_at: local(27, 0, 2) }),
    ]
    expect([...runContinuations(list, null)]).toEqual(['later', 'next'])
    // A day separator goes before the first message shown and before the first of each later day.
    expect([...dayStarts(list)]).toEqual(['late', 'after-midnight'])
  })

  it('the unread divider and system messages start a new run', () => {
    const list = [from('lan', 0), from('lan', 1), textMessage({ ...from('lan', 2), sender: null }), from('lan', 3)]
    expect([...runContinuations(list, 'm-lan-1')]).toEqual([])
  })
})
