import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Message } from '../../../contract/message'
import { conversationMachine, conversationSampleInput } from '../../../src/machines/conversation'
import { textMessage } from '../../model/support/messages'

const TOPIC = 't-1'
const msg = (seq: number): Message => textMessage({ _id: `m-${seq}`, topic_id: TOPIC, seq, message: `Message ${seq}`, sender: null, created_at: '2026-03-01T08:00:00.000Z' })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i))

type Fetch = { src: 'loadLatest' | 'loadBefore' | 'loadAfter'; input: unknown; answer: (messages: Message[]) => Promise<void>; fail: () => Promise<void> }

/** The conversation with history calls the test answers; `fetches` lists every call, oldest first. */
function open(focusSeq: number | null = null) {
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
    conversationMachine.provide({ actors: { loadLatest: fake('loadLatest'), loadBefore: fake('loadBefore'), loadAfter: fake('loadAfter') } }),
    { input: { ...conversationSampleInput, topic: { ...conversationSampleInput.topic, _id: TOPIC }, focusSeq } },
  ).start()
  const history = () => (actor.getSnapshot().value as { history: string }).history
  const catchUps = () => fetches.filter((f) => f.src === 'loadAfter')
  return { actor, fetches, history, catchUps }
}

describe('conversation machine: one catch-up per reconnection', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

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
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const file = { _id: 'f-1', key: 'k1.png', name: 'photo.png', mime: 'image/png', size: 10, kind: 'image' as const, width: 4, height: 3 }
  const withFile = { ...msg(2), type: 'file' as const, message: '', media: [{ ...file, url: '/api/media/access?mine', thumb_url: '/api/media/access?mine-thumb' }] }

  it("a pinned message keeps this reader's links; a deleted one has no files", async () => {
    const { actor, fetches } = open()
    await fetches[0]!.answer([msg(1), withFile])
    const shown = () => actor.getSnapshot().context.messages.find((m) => m._id === withFile._id)!
    actor.send({ type: 'CHANGED', message: { ...withFile, is_pin: true, media: [file] } })
    expect(shown()).toMatchObject({ is_pin: true, media: [{ _id: 'f-1', url: '/api/media/access?mine', thumb_url: '/api/media/access?mine-thumb' }] })
    actor.send({ type: 'CHANGED', message: { ...withFile, is_deleted: true, media: [] } })
    expect(shown()).toMatchObject({ is_deleted: true, media: [] })
  })
})

describe('conversation machine: opened on a message (a search result)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

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
