import { expect, vi } from 'vitest'
import { within } from '@testing-library/react'
import type { Sender } from '../../contract/message'
import type { Poll } from '../../contract/vote'
import { connect, LONGEST_WAIT_MS, pollMachine, type PollSnapshot } from '../../src/machines/poll'
import { PollCard } from '../../src/ui/poll/poll-card'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof pollMachine>

// The card's clock: 09:00 on 28 November 2026, local time.
const NOW = new Date(2026, 10, 28, 9, 0).getTime()
const ME: Sender = { _id: 'u-me', name: 'Me', workid: 'me', photo_url: null }
const ANA: Sender = { _id: 'u-ana', name: 'Ana', workid: 'ana', photo_url: null }
const BINH: Sender = { _id: 'u-binh', name: 'Binh', workid: 'binh', photo_url: null }

/** A poll: Pizza (Ana and Binh chose it) and Pho (nobody), the reader's choices `mine` counted in. */
function pollOf(over: Partial<Poll>, mine: string[] = []): Poll {
  const base = { a: [ANA, BINH], b: [] as Sender[] }
  const anonymous = over.anonymous ?? false
  const options = (['a', 'b'] as const).map((id) => {
    const voters = mine.includes(id) ? [...base[id], ME] : base[id]
    return { _id: id, text: id === 'a' ? 'Pizza' : 'Pho', votes: voters.length, voters: anonymous ? null : voters }
  })
  return {
    _id: 'p-1',
    topic_id: 't-1',
    creator: ANA,
    question: 'Lunch?',
    multiple: false,
    anonymous: false,
    allow_new_options: false,
    closes_at: null,
    locked_at: null,
    status: 'open',
    voters: 2 + (mine.length > 0 ? 1 : 0),
    options,
    mine,
    ...over,
  }
}

const EVENING = new Date(2026, 10, 28, 18, 0).toISOString()
const FAR = new Date(NOW + LONGEST_WAIT_MS + 60_000).toISOString()
const SINGLE = pollOf({ closes_at: EVENING })
const MULTI = pollOf({ multiple: true, anonymous: true, allow_new_options: true, creator: ME })
const FAR_OFF = pollOf({ closes_at: FAR })
const OVERDUE = pollOf({ closes_at: new Date(NOW - 60_000).toISOString() })
const LOCKED = pollOf({ status: 'locked', locked_at: new Date(NOW).toISOString() })
const CLOSED = pollOf({ status: 'closed', closes_at: new Date(NOW - 60_000).toISOString() })
const WITH_BUN: Poll = { ...MULTI, options: [...MULTI.options, { _id: 'c', text: 'Bún chả', votes: 0, voters: null }] }

const ctx = (s: PollSnapshot) => s.context
/** A poll's settings, to answer a vote with the same poll and the reader's new choices. */
const settingsOf = ({ creator, multiple, anonymous, allow_new_options, closes_at }: Poll): Partial<Poll> => ({
  creator,
  multiple,
  anonymous,
  allow_new_options,
  closes_at,
})
const card = ({ screen }: Kit) => screen.getByRole('region', { name: 'Poll: Lunch?' })
const inCard = (kit: Kit) => within(card(kit))
const isOpenIdle = (s: PollSnapshot) => s.matches({ ready: { open: { activity: 'idle' } } })
const isRefreshing = (s: PollSnapshot) => s.matches({ ready: 'refreshing' })
/** Someone else voted Pho (the socket's news, or what a re-read finds): the reader's choices stay. */
const otherVoted = (poll: Poll): Poll => ({
  ...poll,
  voters: 3,
  options: poll.options.map((o) => (o._id === 'b' ? { ...o, votes: 1, voters: o.voters && [BINH] } : o)),
})

describeModel({
  machine: pollMachine,
  input: { pollId: 'p-1', question: 'Lunch?', me: ME, isAdmin: false, now: () => NOW },
  select: 'coverage',
  contextOf: ({ now: _now, ...rest }) => rest,
  serializeState: (s) => {
    const { poll, pending, newOption, error } = s.context
    return JSON.stringify({ value: s.value, poll, pending, newOption, error })
  },
  ready: async () => {
    vi.setSystemTime(NOW)
  },
  events: {
    'xstate.done.actor.loadPoll': [SINGLE, MULTI, FAR_OFF, OVERDUE, LOCKED, CLOSED].map((output) => ({
      type: 'xstate.done.actor.loadPoll',
      output,
    })),
    'xstate.error.actor.loadPoll': [{ type: 'xstate.error.actor.loadPoll', error: { message: 'Not found' } }],
    VOTE: (s) =>
      isOpenIdle(s) && ctx(s).poll!.mine.length === 0
        ? [{ type: 'VOTE', optionId: 'a' }]
        : isOpenIdle(s)
          ? [
              { type: 'VOTE', optionId: 'a' },
              { type: 'VOTE', optionId: 'b' },
            ]
          : [],
    'xstate.done.actor.castVote': (s) => [
      { type: 'xstate.done.actor.castVote', output: pollOf(settingsOf(ctx(s).poll!), ctx(s).pending!) },
    ],
    'xstate.error.actor.castVote': [
      { type: 'xstate.error.actor.castVote', error: { message: 'This poll takes one choice only.' } },
      { type: 'xstate.error.actor.castVote', error: { message: 'This poll is locked: it takes no more votes.', poll: LOCKED } },
    ],
    CHANGED: (s) => {
      const poll = ctx(s).poll
      if (!poll || ctx(s).pending) return []
      const { mine: _mine, ...shared } = otherVoted(poll)
      return [
        // Someone else voted: the reader's choices stay.
        { type: 'CHANGED', poll: shared },
        ...(poll.status === 'open'
          ? [{ type: 'CHANGED', poll: { ...shared, status: 'locked', locked_at: new Date(NOW).toISOString() } }]
          : []),
      ]
    },
    // The socket connected again: the card reads its poll again (not while a call of the reader's is on its way).
    REFRESH: (s) =>
      s.matches('loading') ||
      s.matches('failed') ||
      isOpenIdle(s) ||
      isRefreshing(s) ||
      s.matches({ ready: 'locked' }) ||
      s.matches({ ready: 'closed' })
        ? [{ type: 'REFRESH' }]
        : [],
    // Read again: someone voted while the socket was down; an open poll may also have been locked meanwhile.
    'xstate.done.actor.refreshPoll': (s) => {
      const poll = ctx(s).poll!
      return [
        { type: 'xstate.done.actor.refreshPoll', output: otherVoted(poll) },
        ...(poll.status === 'open'
          ? [{ type: 'xstate.done.actor.refreshPoll', output: { ...poll, status: 'locked', locked_at: new Date(NOW).toISOString() } }]
          : []),
      ]
    },
    'xstate.error.actor.refreshPoll': [{ type: 'xstate.error.actor.refreshPoll', error: { message: 'Network down' } }],
    NEW_OPTION_TEXT: (s) =>
      (isOpenIdle(s) || (isRefreshing(s) && ctx(s).poll!.status === 'open')) &&
      ctx(s).poll!.allow_new_options &&
      ctx(s).poll!.options.length === 2
        ? ctx(s).newOption === ''
          ? [{ type: 'NEW_OPTION_TEXT', text: 'Bún chả' }]
          : [{ type: 'NEW_OPTION_TEXT', text: '' }]
        : [],
    ADD_OPTION: (s) => (isOpenIdle(s) && ctx(s).newOption !== '' ? [{ type: 'ADD_OPTION' }] : []),
    'xstate.done.actor.addOption': [{ type: 'xstate.done.actor.addOption', output: WITH_BUN }],
    'xstate.error.actor.addOption': [
      { type: 'xstate.error.actor.addOption', error: { message: 'This poll already has that option.' } },
      { type: 'xstate.error.actor.addOption', error: { message: 'This poll is locked: it takes no more votes.', poll: LOCKED } },
    ],
    LOCK: (s) => (isOpenIdle(s) && ctx(s).poll!.creator._id === ME._id ? [{ type: 'LOCK' }] : []),
    'xstate.done.actor.lockPoll': [{ type: 'xstate.done.actor.lockPoll', output: { ...LOCKED, creator: ME } }],
    'xstate.error.actor.lockPoll': [{ type: 'xstate.error.actor.lockPoll', error: { message: 'Permission denied' } }],
  },
  render: (snapshot, send) => <PollCard {...connect(snapshot, send)} />,
  perform: {
    VOTE: async (event, kit) =>
      kit.user.click(inCard(kit).getByRole('button', { name: `Vote for ${event.optionId === 'a' ? 'Pizza' : 'Pho'}` })),
    RETRY: async (_, kit) => kit.user.click(inCard(kit).getByRole('button', { name: 'Try again' })),
    NEW_OPTION_TEXT: async (event, kit) => {
      const box = inCard(kit).getByRole('textbox', { name: 'New option' })
      await kit.user.clear(box)
      if (event.text) {
        await kit.user.click(box)
        await kit.user.paste(event.text as string)
      }
    },
    ADD_OPTION: async (_, kit) => kit.user.click(inCard(kit).getByRole('button', { name: 'Add option' })),
    LOCK: async (_, kit) => kit.user.click(inCard(kit).getByRole('button', { name: 'Lock poll' })),
  },
  states: {
    '*': (expected, kit) => {
      // What the card shows of the poll, from the server's poll and the reader's pending choices (counted here, not by the machine).
      const poll = ctx(expected).poll
      if (!poll) return
      const mine = ctx(expected).pending ?? poll.mine
      for (const option of poll.options) {
        const button = inCard(kit).getByRole('button', { name: `Vote for ${option.text}` })
        const counted = option.votes + (mine.includes(option._id) ? 1 : 0) - (poll.mine.includes(option._id) ? 1 : 0)
        expect(button.getAttribute('aria-pressed')).toBe(String(mine.includes(option._id)))
        expect(within(button).getByTestId('option-votes').textContent).toBe(String(counted))
      }
      const voters = poll.voters + (mine.length > 0 ? 1 : 0) - (poll.mine.length > 0 ? 1 : 0)
      expect(inCard(kit).getByTestId('poll-voters').textContent).toBe(voters === 1 ? '1 vote' : `${voters} votes`)
      // A named poll says who chose what; an anonymous one only counts.
      if (!poll.anonymous) expect(inCard(kit).getByText(mine.includes('a') ? 'Voted: Ana, Binh, Me' : 'Voted: Ana, Binh')).toBeTruthy()
      else expect(inCard(kit).queryByText(/^Voted:/)).toBeNull()
      if (ctx(expected).error) expect(inCard(kit).getByRole('alert').textContent).toBe(ctx(expected).error)
    },
    loading: (_, kit) => {
      expect(inCard(kit).getByRole('status').textContent).toBe('Loading the poll…')
      expect(kit.pending('loadPoll').input).toEqual({ poll_id: 'p-1' })
    },
    failed: (_, kit) => {
      expect(inCard(kit).getByRole('alert').textContent).toContain('Could not load the poll.')
    },
    'ready.open.activity.idle': (expected, kit) => {
      const poll = ctx(expected).poll!
      for (const button of inCard(kit).getAllByRole<HTMLButtonElement>('button', { name: /^Vote for/ })) expect(button.disabled).toBe(false)
      expect(inCard(kit).queryByRole('button', { name: 'Lock poll' }) !== null).toBe(poll.creator._id === ME._id)
      expect(inCard(kit).queryByRole('textbox', { name: 'New option' }) !== null).toBe(poll.allow_new_options)
      if (poll.multiple) expect(inCard(kit).getByText('Multiple choice')).toBeTruthy()
      if (poll.anonymous) expect(inCard(kit).getByText('Anonymous')).toBeTruthy()
      if (poll.closes_at === EVENING) expect(inCard(kit).getByText('Closes 18:00 28/11')).toBeTruthy()
    },
    'ready.open.activity.voting': (expected, kit) => {
      expect(kit.pending('castVote').input).toEqual({ poll_id: 'p-1', option_ids: ctx(expected).pending })
      for (const button of inCard(kit).getAllByRole<HTMLButtonElement>('button', { name: /^Vote for/ })) expect(button.disabled).toBe(true)
    },
    'ready.open.activity.adding': (_, kit) => {
      expect(kit.pending('addOption').input).toEqual({ poll_id: 'p-1', text: 'Bún chả' })
    },
    'ready.open.activity.locking': (_, kit) => {
      expect(kit.pending('lockPoll').input).toEqual({ poll_id: 'p-1' })
      expect(inCard(kit).getByRole('button', { name: 'Lock poll' }).getAttribute('aria-busy')).toBe('true')
    },
    'ready.refreshing': (expected, kit) => {
      // Read again behind the card: as it was (its state's tag), busy, the votes waiting for it.
      expect(kit.pending('refreshPoll').input).toEqual({ poll_id: 'p-1' })
      expect(card(kit).getAttribute('aria-busy')).toBe('true')
      for (const button of inCard(kit).getAllByRole<HTMLButtonElement>('button', { name: /^Vote for/ })) expect(button.disabled).toBe(true)
      const status = ctx(expected).poll!.status
      expect(inCard(kit).queryByText('Locked') !== null).toBe(status === 'locked')
      expect(inCard(kit).queryByText('Closed') !== null).toBe(status === 'closed')
      expect(inCard(kit).queryByRole('textbox', { name: 'New option' }) !== null).toBe(
        status === 'open' && ctx(expected).poll!.allow_new_options,
      )
    },
    'ready.open.deadline.waiting': () => {},
    'ready.open.deadline.waitingLong': () => {},
    'ready.open.deadline.none': (_, kit) => {
      expect(inCard(kit).queryByText(/^Closes /)).toBeNull()
    },
    'ready.locked': (_, kit) => {
      expect(inCard(kit).getByText('Locked')).toBeTruthy()
      expect(inCard(kit).getByRole('status').textContent).toBe('This poll is locked: it takes no more votes.')
      for (const button of inCard(kit).getAllByRole<HTMLButtonElement>('button', { name: /^Vote for/ })) expect(button.disabled).toBe(true)
      expect(inCard(kit).queryByRole('button', { name: 'Lock poll' })).toBeNull()
    },
    'ready.closed': (_, kit) => {
      expect(inCard(kit).getByText('Closed')).toBeTruthy()
      expect(inCard(kit).getByRole('status').textContent).toBe('This poll has closed: it takes no more votes.')
      for (const button of inCard(kit).getAllByRole<HTMLButtonElement>('button', { name: /^Vote for/ })) expect(button.disabled).toBe(true)
    },
  },
})
