import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { withoutLinks } from '../../../contract/message'
import type { PersonAttention } from '../../../contract/attention'
import { dndNoticeMachine, type DndNoticeEvent } from '../../../src/machines/dnd-notice'
import { textMessage } from '../../model/support/messages'

/** The dnd notice's timer and its socket rule, on a fake clock: when it checks the partner again, which message re-arms "notify anyway". */

const pushed = (by: string, topicId: string): DndNoticeEvent => ({
  type: 'SOCKET_NEW_MESSAGE',
  message: withoutLinks(
    textMessage({
      _id: `m-${by}-${topicId}`,
      topic_id: topicId,
      seq: 1,
      message: 'hi',
      sender: { _id: by, name: by, workid: by, photo_url: null },
      created_at: '2026-03-11T02:00:00.000Z',
    }),
  ),
})

function start(answers: { dnd: boolean; dnd_until?: string }[]) {
  const checks: number[] = []
  const actor = createActor(
    dndNoticeMachine.provide({
      actors: {
        checkPerson: fromPromise(async (): Promise<PersonAttention> => {
          checks.push(Date.now())
          const { dnd, dnd_until = null } = answers[Math.min(checks.length - 1, answers.length - 1)]!
          return { customer_id: 'partner', dnd, dnd_until }
        }),
        notifyAnyway: fromPromise(async () => ({ notified: 1 })),
      },
    }),
    { input: { partnerId: 'partner', topicId: 'topic', meId: 'me' } },
  ).start()
  return { actor, checks }
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-03-11T02:00:00.000Z') })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('dnd notice: checked again every minute', () => {
  it('checks the partner when the chat opens, then 60 s after each answer, away or not', async () => {
    const { actor, checks } = start([{ dnd: false }, { dnd: true }, { dnd: false }])
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('clear')
    await vi.advanceTimersByTimeAsync(59_999)
    expect(checks).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(checks).toHaveLength(2)
    expect(actor.getSnapshot().matches('away')).toBe(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(checks).toHaveLength(3)
    expect(actor.getSnapshot().value).toBe('clear')
    expect(checks.map((at) => at - checks[0]!)).toEqual([0, 60_000, 120_000])
  })
})

describe('dnd notice: a message the user sends may be notified anyway again', () => {
  it('only the user’s own message in this chat re-arms the button after a notify anyway', async () => {
    const { actor } = start([{ dnd: true }])
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'NOTIFY' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ away: 'notified' })).toBe(true)
    actor.send(pushed('me', 'elsewhere'))
    actor.send(pushed('partner', 'topic'))
    expect(actor.getSnapshot().matches({ away: 'notified' })).toBe(true)
    actor.send(pushed('me', 'topic'))
    expect(actor.getSnapshot().matches({ away: 'idle' })).toBe(true)
  })
})

describe('dnd notice: live', () => {
  const changed = (customerId: string): DndNoticeEvent => ({ type: 'PERSON_DND_CHANGED', customer_id: customerId })

  it('the partner turning do not disturb on or off shows or drops the notice at once; someone else’s change is ignored', async () => {
    const { actor, checks } = start([{ dnd: false }, { dnd: true }, { dnd: false }])
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('clear')
    actor.send(changed('someone-else'))
    expect(checks).toHaveLength(1)
    actor.send(changed('partner'))
    await vi.advanceTimersByTimeAsync(0)
    expect(checks).toHaveLength(2)
    expect(actor.getSnapshot().matches('away')).toBe(true)
    actor.send(changed('partner'))
    await vi.advanceTimersByTimeAsync(0)
    expect(checks).toHaveLength(3)
    expect(actor.getSnapshot().value).toBe('clear')
  })

  it('a change that comes while the first check is under way starts the check again: its answer, not the older one, shows', async () => {
    const { actor, checks } = start([{ dnd: false }, { dnd: true }])
    // The chat is still asking (the first answer has not come) when the partner turns do not disturb on.
    expect(actor.getSnapshot().value).toBe('checking')
    actor.send(changed('partner'))
    await vi.advanceTimersByTimeAsync(0)
    expect(checks).toHaveLength(2)
    expect(actor.getSnapshot().matches('away')).toBe(true)
  })

  it('the socket connecting again asks again at once, from either answer: a change may have come while it was away', async () => {
    const { actor, checks } = start([{ dnd: false }, { dnd: true }, { dnd: false }])
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('clear')
    actor.send({ type: 'CONNECTED' })
    await vi.advanceTimersByTimeAsync(0)
    expect(checks).toHaveLength(2)
    expect(actor.getSnapshot().matches('away')).toBe(true)
    actor.send({ type: 'CONNECTED' })
    await vi.advanceTimersByTimeAsync(0)
    expect(checks).toHaveLength(3)
    expect(actor.getSnapshot().value).toBe('clear')
  })

  it('a do not disturb that ends in 20 s is checked again at its end, not a minute later', async () => {
    const end = new Date(Date.now() + 20_000).toISOString()
    const { actor, checks } = start([{ dnd: true, dnd_until: end }, { dnd: false }])
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches('away')).toBe(true)
    await vi.advanceTimersByTimeAsync(19_999)
    expect(checks).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(checks).toHaveLength(2)
    expect(actor.getSnapshot().value).toBe('clear')
  })

  it('an end later than a minute away waits for the minute’s check (no timer beyond it)', async () => {
    const end = new Date(Date.now() + 3 * 3_600_000).toISOString()
    const { actor, checks } = start([{ dnd: true, dnd_until: end }])
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(59_999)
    expect(checks).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(checks).toHaveLength(2)
    expect(actor.getSnapshot().matches('away')).toBe(true)
  })
})
