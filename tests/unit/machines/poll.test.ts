import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Sender } from '../../../contract/message'
import type { Poll } from '../../../contract/vote'
import { nextChoices, pollMachine } from '../../../src/machines/poll'

/** The vote rule, the rollback of a refused vote and the closing time, beside what the generated paths reach. */

const ME: Sender = { _id: 'u-me', name: 'Me', workid: 'me', photo_url: null }
const poll = (over: Partial<Poll> = {}): Poll => ({
  _id: 'p-1',
  topic_id: 't-1',
  creator: ME,
  question: 'Lunch?',
  multiple: false,
  anonymous: true,
  allow_new_options: false,
  closes_at: null,
  locked_at: null,
  status: 'open',
  voters: 1,
  options: [
    { _id: 'a', text: 'Pizza', votes: 1, voters: null },
    { _id: 'b', text: 'Pho', votes: 0, voters: null },
  ],
  mine: [],
  ...over,
})

describe('the vote rule', () => {
  it('single choice: a first choice, another replaces it, the same again takes it back', () => {
    expect(nextChoices({ multiple: false }, [], 'a')).toEqual(['a'])
    expect(nextChoices({ multiple: false }, ['a'], 'b')).toEqual(['b'])
    expect(nextChoices({ multiple: false }, ['a'], 'a')).toEqual([])
  })
  it('multiple choice: each option toggles', () => {
    expect(nextChoices({ multiple: true }, ['a'], 'b')).toEqual(['a', 'b'])
    expect(nextChoices({ multiple: true }, ['a', 'b'], 'a')).toEqual(['b'])
  })
})

afterEach(() => vi.useRealTimers())

function start(loaded: Poll, castVote: (input: unknown) => Promise<Poll>) {
  const actor = createActor(
    pollMachine.provide({
      actors: {
        loadPoll: fromPromise(async () => loaded),
        castVote: fromPromise(({ input }) => castVote(input)),
      },
    }),
    { input: { pollId: 'p-1', question: 'Lunch?', me: ME, isAdmin: false, now: () => Date.now() } },
  )
  actor.start()
  return actor
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a vote', () => {
  it('shows at once, sends the whole set, and is rolled back with the server’s message when refused', async () => {
    let refuse: (error: unknown) => void = () => {}
    const sent: unknown[] = []
    const actor = start(poll(), (input) => {
      sent.push(input)
      return new Promise((_, reject) => (refuse = reject))
    })
    await settle()
    actor.send({ type: 'VOTE', optionId: 'b' })
    expect(actor.getSnapshot().context.pending).toEqual(['b'])
    expect(sent).toEqual([{ poll_id: 'p-1', option_ids: ['b'] }])
    refuse(new Error('This poll takes one choice only.'))
    await settle()
    const { pending, poll: kept, error } = actor.getSnapshot().context
    expect(pending).toBeNull()
    expect(kept!.mine).toEqual([])
    expect(kept!.options.map((o) => o.votes)).toEqual([1, 0])
    expect(error).toBe('This poll takes one choice only.')
    expect(actor.getSnapshot().matches({ ready: { open: { activity: 'idle' } } })).toBe(true)
  })

  it('refused because the poll was locked: the card shows the poll as the server has it now', async () => {
    const actor = start(poll(), async () => {
      throw Object.assign(new Error('This poll is locked: it takes no more votes.'), { poll: poll({ status: 'locked' }) })
    })
    await settle()
    actor.send({ type: 'VOTE', optionId: 'a' })
    await settle()
    expect(actor.getSnapshot().matches({ ready: 'locked' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('This poll is locked: it takes no more votes.')
  })

  it('a POLL_CHANGED without `mine` keeps the reader’s choices', async () => {
    const actor = start(poll({ mine: ['a'] }), async () => poll())
    await settle()
    const { mine: _mine, ...shared } = poll({ voters: 2 })
    actor.send({ type: 'CHANGED', poll: shared })
    expect(actor.getSnapshot().context.poll!.mine).toEqual(['a'])
    expect(actor.getSnapshot().context.poll!.voters).toBe(2)
    actor.send({ type: 'CHANGED', poll: shared, mine: [] })
    expect(actor.getSnapshot().context.poll!.mine).toEqual([])
  })
})

describe('the closing time', () => {
  it('closes the poll by itself at closes_at, not a millisecond before', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-11-28T09:00:00Z'))
    const actor = start(poll({ closes_at: '2026-11-28T18:00:00Z' }), async () => poll())
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ ready: 'open' })).toBe(true)
    await vi.advanceTimersByTimeAsync(9 * 3600_000 - 1)
    expect(actor.getSnapshot().matches({ ready: 'open' })).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().matches({ ready: 'closed' })).toBe(true)
    expect(actor.getSnapshot().context.poll!.status).toBe('closed')
  })

  it('a closing time 40 days away (beyond one timer) is still reached on the day', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-11-28T09:00:00Z'))
    const actor = start(poll({ closes_at: '2027-01-07T09:00:00Z' }), async () => poll())
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(40 * 86400_000 - 1000)
    expect(actor.getSnapshot().matches({ ready: 'open' })).toBe(true)
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().matches({ ready: 'closed' })).toBe(true)
  })
})

describe('a reconnect (REFRESH)', () => {
  function reading(server: { poll: Poll; reads: number }, castVote: (input: unknown) => Promise<Poll> = async () => server.poll) {
    return createActor(
      pollMachine.provide({
        actors: {
          loadPoll: fromPromise(async () => {
            server.reads++
            return server.poll
          }),
          castVote: fromPromise(({ input }) => castVote(input)),
        },
      }),
      { input: { pollId: 'p-1', question: 'Lunch?', me: ME, isAdmin: false, now: () => Date.now() } },
    ).start()
  }

  it('reads vote/info again: votes missed meanwhile (the reader’s own from another device too) show; locked meanwhile, the card is', async () => {
    const server = { poll: poll(), reads: 0 }
    const actor = reading(server)
    await settle()
    server.poll = poll({
      voters: 3,
      options: [
        { _id: 'a', text: 'Pizza', votes: 1, voters: null },
        { _id: 'b', text: 'Pho', votes: 2, voters: null },
      ],
      mine: ['b'],
    })
    actor.send({ type: 'REFRESH' })
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true)
    await settle()
    expect(server.reads).toBe(2)
    expect(actor.getSnapshot().matches({ ready: 'open' })).toBe(true)
    expect(actor.getSnapshot().context.poll).toMatchObject({ voters: 3, mine: ['b'] })
    server.poll = { ...server.poll, status: 'locked', locked_at: '2026-11-28T09:00:00Z' }
    actor.send({ type: 'REFRESH' })
    await settle()
    expect(actor.getSnapshot().matches({ ready: 'locked' })).toBe(true)
  })

  it('a vote on its way is not cut short (its answer is the poll as it is): no read', async () => {
    const server = { poll: poll(), reads: 0 }
    let answer!: (value: Poll) => void
    const actor = reading(server, () => new Promise<Poll>((resolve) => (answer = resolve)))
    await settle()
    actor.send({ type: 'VOTE', optionId: 'b' })
    actor.send({ type: 'REFRESH' })
    expect(actor.getSnapshot().matches({ ready: { open: { activity: 'voting' } } })).toBe(true)
    answer(poll({ mine: ['b'] }))
    await settle()
    expect(server.reads).toBe(1)
    expect(actor.getSnapshot().context.poll!.mine).toEqual(['b'])
  })

  it('a read that fails keeps the card as it was, with the reason; one while the first load fails loads it', async () => {
    const server = { poll: poll(), reads: 0 }
    let fail = false
    const actor = createActor(
      pollMachine.provide({
        actors: {
          loadPoll: fromPromise(async () => {
            server.reads++
            if (fail) throw new Error('Network down')
            return server.poll
          }),
        },
      }),
      { input: { pollId: 'p-1', question: 'Lunch?', me: ME, isAdmin: false, now: () => Date.now() } },
    ).start()
    await settle()
    fail = true
    actor.send({ type: 'REFRESH' })
    await settle()
    expect(actor.getSnapshot().matches({ ready: 'open' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ poll: server.poll, error: 'Network down' })
    // A card whose first load failed (the socket was down) loads on the reconnect.
    const other = createActor(
      pollMachine.provide({
        actors: {
          loadPoll: fromPromise(async () => {
            if (fail) throw new Error('Network down')
            return server.poll
          }),
        },
      }),
      { input: { pollId: 'p-1', question: 'Lunch?', me: ME, isAdmin: false, now: () => Date.now() } },
    ).start()
    await settle()
    expect(other.getSnapshot().matches('failed')).toBe(true)
    fail = false
    other.send({ type: 'REFRESH' })
    await settle()
    expect(other.getSnapshot().matches({ ready: 'open' })).toBe(true)
    expect(other.getSnapshot().context.error).toBeNull()
  })
})
