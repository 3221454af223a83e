import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Message } from '../../../contract/message'
import { outboxMachine, RETRY_DELAY_MS, type OutboxEntry, type OutboxInput, type SendFailure } from '../../../src/machines/outbox'

const entry = (n: number): OutboxEntry => ({
  client_id: `c-${n}`,
  topic_id: 't-1',
  message: `m ${n}`,
  media_ids: [],
  mentions: [],
  created_at: '2026-03-01T08:00:00.000Z',
})

/** The outbox with a send the test answers: each call waits for `answer`. */
function start(input: OutboxInput) {
  const sends: { entry: OutboxEntry; answer: (result: Message | SendFailure) => void }[] = []
  const sendMessage = fromPromise<Message, OutboxEntry>(
    ({ input: sent }) =>
      new Promise((resolve, reject) => {
        sends.push({ entry: sent, answer: (result) => ('rejected' in result ? reject(result) : resolve(result)) })
      }),
  )
  const actor = createActor(outboxMachine.provide({ actors: { sendMessage } }), { input }).start()
  const answerLast = async (result: Message | SendFailure) => {
    sends.at(-1)!.answer(result)
    await vi.advanceTimersByTimeAsync(0)
  }
  return { actor, sends, answerLast }
}

const delivered = (e: OutboxEntry) => ({ _id: `m-${e.client_id}`, client_id: e.client_id }) as Message
const notTheMessagesFault: SendFailure = { rejected: false, reason: '' }

describe('outbox machine: no session, no send', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('never starts a send without a session, and sends the queue in order, once each, when the session comes', async () => {
    const { actor, sends, answerLast } = start({ entries: [entry(1), entry(2)], online: true, signedIn: false })
    expect(actor.getSnapshot().value).toBe('signedOut')
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 3)
    expect(sends).toEqual([])

    actor.send({ type: 'SIGNED_IN' })
    expect(sends.map((s) => s.entry.client_id)).toEqual(['c-1'])
    await answerLast(delivered(entry(1)))
    expect(sends.map((s) => s.entry.client_id)).toEqual(['c-1', 'c-2'])
    await answerLast(delivered(entry(2)))
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.entries).toEqual([])
  })

  it('a session that ends while a failed send waits for its retry: the retry sends nothing until the session is back', async () => {
    const { actor, sends, answerLast } = start({ entries: [entry(1)], online: true, signedIn: true })
    // 401, 408, 429 or no answer: the message stays queued.
    await answerLast(notTheMessagesFault)
    expect(actor.getSnapshot().value).toBe('waiting')
    actor.send({ type: 'SIGNED_OUT' })
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS)
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(sends).toHaveLength(1)
    expect(actor.getSnapshot().context.entries).toEqual([entry(1)])

    actor.send({ type: 'SIGNED_IN' })
    expect(sends.map((s) => s.entry.client_id)).toEqual(['c-1', 'c-1'])
  })

  it('what is written while signed out is queued behind the rest and waits too', async () => {
    const { actor, sends } = start({ entries: [], online: true, signedIn: true })
    actor.send({ type: 'SIGNED_OUT' })
    actor.send({ type: 'ENQUEUE', entry: entry(1) })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(sends).toEqual([])
  })

  it('signed in but offline: waits for the connection, not for a session', () => {
    const { actor, sends } = start({ entries: [entry(1)], online: false, signedIn: false })
    actor.send({ type: 'SIGNED_IN' })
    expect(actor.getSnapshot().value).toBe('waiting')
    actor.send({ type: 'ONLINE' })
    expect(sends.map((s) => s.entry.client_id)).toEqual(['c-1'])
  })
})
