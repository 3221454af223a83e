// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Message, SendMessageBody } from '../../../contract/message'
import type { OutboxEntry } from '../../../src/machines/outbox'

/** The session as the outbox reads it: who is signed in, with or without an access token. */
const session = vi.hoisted(() => {
  const listeners = new Set<() => void>()
  const state = { context: { user: null as { _id: string } | null, accessToken: null as string | null } }
  return {
    state,
    set(userId: string | null) {
      state.context = { user: userId ? { _id: userId } : null, accessToken: userId ? `token-of-${userId}` : null }
      for (const listener of listeners) listener()
    },
    listeners,
  }
})
const sent = vi.hoisted(() => [] as SendMessageBody[])

vi.mock('../../../src/services/session', () => ({
  currentSessionActor: () => ({ getSnapshot: () => session.state }),
  onSessionChange: (listener: () => void) => {
    session.listeners.add(listener)
    return () => session.listeners.delete(listener)
  },
}))
vi.mock('../../../src/services/api/message', () => ({
  sendMessage: async (body: SendMessageBody) => {
    sent.push(body)
    return { _id: `m-${body.client_id}`, client_id: body.client_id } as Message
  },
}))

const { outboxFor } = await import('../../../src/services/outbox')

const entry = (n: number): OutboxEntry => ({
  client_id: `c-${n}`,
  topic_id: 't-1',
  message: `m ${n}`,
  media_ids: [],
  mentions: [],
  created_at: '2026-03-01T08:00:00.000Z',
})
const stored = (userId: string): unknown => JSON.parse(localStorage.getItem(`workroom.outbox.${userId}`) ?? 'null')
const settle = () => vi.advanceTimersByTimeAsync(0)

/** The outbox service: the machine told whether *its* user has a session, the queue kept per user. */
describe('outboxFor', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    localStorage.clear()
    sent.length = 0
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("keeps a user's queue while they have no session and sends it, once, when they sign in", async () => {
    session.set(null)
    localStorage.setItem('workroom.outbox.u-ann', JSON.stringify([entry(1), entry(2)]))
    const outbox = outboxFor('u-ann')
    await settle()
    expect(outbox.getSnapshot().value).toBe('signedOut')
    expect(sent).toEqual([])

    session.set('u-ann')
    await settle()
    expect(sent.map((body) => body.client_id)).toEqual(['c-1', 'c-2'])
    expect(stored('u-ann')).toEqual([])
  })

  it("another user's session does not send this user's queue", async () => {
    session.set('u-bao')
    localStorage.setItem('workroom.outbox.u-lan', JSON.stringify([entry(3)]))
    const outbox = outboxFor('u-lan')
    await settle()
    expect(outbox.getSnapshot().value).toBe('signedOut')
    expect(sent).toEqual([])
  })

  it('a logout stops the sending; what is written meanwhile is stored under the user and waits', async () => {
    session.set('u-kim')
    const outbox = outboxFor('u-kim')
    session.set(null)
    outbox.send({ type: 'ENQUEUE', entry: entry(4) })
    await settle()
    expect(sent).toEqual([])
    expect(stored('u-kim')).toEqual([entry(4)])
  })
})
