import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Message } from '../../../contract/message'
import {
  connect,
  conversationMachine,
  conversationSampleInput,
  withKnownLinks,
  type ConversationTopic,
} from '../../../src/machines/conversation'
import { ROLES } from '../../../contract/limits'
import { textMessage } from '../../model/support/messages'

const TOPIC = 't-1'
const msg = (seq: number): Message =>
  textMessage({ _id: `m-${seq}`, topic_id: TOPIC, seq, message: `Message ${seq}`, sender: null, created_at: '2026-03-01T08:00:00.000Z' })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i))

type Fetch = {
  src: 'loadLatest' | 'loadBefore' | 'loadAfter'
  input: unknown
  answer: (messages: Message[]) => Promise<void>
  fail: () => Promise<void>
}

/** The conversation with history calls the test answers; `fetches` lists every call, oldest first. */
function open(focusSeq: number | null = null, topic: Partial<ConversationTopic> = {}) {
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
  const actor = createActor(
    conversationMachine.provide({
      actors: { loadLatest: fake('loadLatest'), loadBefore: fake('loadBefore'), loadAfter: fake('loadAfter') },
    }),
    { input: { ...conversationSampleInput, topic: { ...conversationSampleInput.topic, _id: TOPIC, ...topic }, focusSeq } },
  ).start()
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
  it('a reconnection (CATCH_UP) fetches what came after the newest message once', async () => {
    const { actor, fetches, history, catchUps } = open()
    await fetches[0]!.answer(range(1, 3))
    actor.send({ type: 'CATCH_UP' })
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
    actor.send({ type: 'CATCH_UP' })
    // A new reconnection (or a message to fetch) while the first answer is on its way, asked twice.
    actor.send({ type: 'CATCH_UP' })
    actor.send({ type: 'CATCH_UP' })
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
    actor.send({ type: 'CATCH_UP' })
    expect(history()).toBe('loadingOlder')
    expect(catchUps()).toEqual([])
    await fetches[1]!.fail()
    expect(catchUps().map((f) => f.input)).toEqual([{ topicId: TOPIC, after: 40 }])
  })

  it('asked while the first page loads, it runs after it; asked before a reload, the reload is the catch-up', async () => {
    const first = open()
    first.actor.send({ type: 'CATCH_UP' })
    await first.fetches[0]!.answer(range(1, 3))
    expect(first.catchUps().map((f) => f.input)).toEqual([{ topicId: TOPIC, after: 3 }])

    const second = open()
    await second.fetches[0]!.fail()
    second.actor.send({ type: 'CATCH_UP' })
    second.actor.send({ type: 'RETRY' })
    await second.fetches[1]!.answer(range(1, 3))
    expect(second.history()).toBe('ready')
    expect(second.catchUps()).toEqual([])
  })
})

describe('conversation machine: a pushed change carries no file links', () => {
  const file = { _id: 'f-1', key: 'k1.png', name: 'photo.png', mime: 'image/png', size: 10, kind: 'image' as const, width: 4, height: 3 }
  const withFile = {
    ...msg(2),
    type: 'file' as const,
    message: '',
    media: [{ ...file, url: '/api/media/access?mine', thumb_url: '/api/media/access?mine-thumb' }],
  }

  it("a pinned message keeps this reader's links; a deleted one has no files", async () => {
    const { actor, fetches } = open()
    await fetches[0]!.answer([msg(1), withFile])
    const shown = () => actor.getSnapshot().context.messages.find((m) => m._id === withFile._id)!
    actor.send({ type: 'CHANGED', message: { ...withFile, is_pin: true, media: [file] } })
    expect(shown()).toMatchObject({
      is_pin: true,
      media: [{ _id: 'f-1', url: '/api/media/access?mine', thumb_url: '/api/media/access?mine-thumb' }],
    })
    actor.send({ type: 'CHANGED', message: { ...withFile, is_deleted: true, media: [] } })
    expect(shown()).toMatchObject({ is_deleted: true, media: [] })
  })

  it('keeps the links of the files the reader has, drops files it has no link for, and has none for a message it does not know', () => {
    expect(withKnownLinks([withFile], { ...withFile, media: [file, { ...file, _id: 'f-2' }] }).media).toEqual(withFile.media)
    expect(withKnownLinks([], { ...withFile, media: [file] }).media).toEqual([])
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
    actor.send({ type: 'CHANGED', message: { ...msg(7), is_pin: true } })
    expect(actor.getSnapshot().context.messages.map((m) => m._id)).toEqual(['m-1', 'm-3'])
    actor.send({ type: 'RECEIVED', message: msg(2) })
    expect(actor.getSnapshot().context.messages.map((m) => m._id)).toEqual(['m-1', 'm-2', 'm-3'])
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
    actor.send({ type: 'CATCH_UP' })
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

  it('lists each typist once, the latest last, not the user, and clears them all 4 s after the last one typed', async () => {
    const { actor, props } = open()
    actor.send({ type: 'TYPING', typist: lan })
    await vi.advanceTimersByTimeAsync(3_000)
    actor.send({ type: 'TYPING', typist: bao })
    actor.send({ type: 'TYPING', typist: me })
    actor.send({ type: 'TYPING', typist: lan })
    expect(actor.getSnapshot().context.typists).toEqual([bao, me, lan])
    expect(props().typists).toEqual([bao, lan])
    await vi.advanceTimersByTimeAsync(3_999)
    expect(props().typists).toEqual([bao, lan])
    await vi.advanceTimersByTimeAsync(1)
    expect(props().typists).toEqual([])
    actor.send({ type: 'TYPING', typist: bao })
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
    expect(open(null, { role: ROLES.member, permission: restricted }).props().may).toEqual({ role: ROLES.member, pin: false })
    expect(open(null, { role: ROLES.admin, permission: restricted }).props().may).toEqual({ role: ROLES.admin, pin: true })
    expect(open(null, { role: ROLES.member }).props().may).toEqual({ role: ROLES.member, pin: true })
  })

  it('names the chat, or leaves the name to the view when it has none', () => {
    expect(open(null, { name: 'Launch', members_count: 5 }).props()).toMatchObject({ title: 'Launch', membersCount: 5, topicId: TOPIC })
    expect(open(null, { name: '' }).props().title).toBeNull()
  })
})
