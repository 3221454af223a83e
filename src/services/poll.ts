import { useEffect, useMemo, useRef, useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { connect as connectForm, pollFormMachine, type Poll, type PollCreateBody } from '../machines/poll-form'
import { connect, pollMachine, type PollNewOptionBody, type PollRefusal, type PollVoteBody, type Sender } from '../machines/poll'
import { addPollOption, createPoll, lockPoll, pollInfo, votePoll } from './api/vote'
import { failingWithMessage, failureMessage } from './failure'
import { apiErrorOf } from './http'
import { onSocketConnect, onSocketEvent } from './socket'

/**
 * A refused poll call as the poll machine takes it: the server's message and, when the server said
 * the poll stopped taking votes (409: locked or closed), the poll as it is now (read again).
 */
async function refusing<T>(pollId: string, work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (failure) {
    const refusal: PollRefusal = { message: failureMessage(failure) }
    if (apiErrorOf(failure)?.status === 409) refusal.poll = await pollInfo(pollId).catch(() => null)
    throw Object.assign(new Error(refusal.message, { cause: failure }), refusal)
  }
}

/** The poll card's machine with its calls: vote/info, vote/option, vote/new-option, vote/lock. */
export const appPollMachine = pollMachine.provide({
  actors: {
    loadPoll: fromPromise<Poll, { poll_id: string }>(({ input }) => failingWithMessage(pollInfo(input.poll_id))),
    castVote: fromPromise<Poll, PollVoteBody>(({ input }) => refusing(input.poll_id, votePoll(input))),
    addOption: fromPromise<Poll, PollNewOptionBody>(({ input }) => refusing(input.poll_id, addPollOption(input))),
    lockPoll: fromPromise<Poll, { poll_id: string }>(({ input }) => failingWithMessage(lockPoll(input.poll_id))),
  },
})

export interface PollCardInput {
  /** The poll's message: its id is the poll's, its text the question. */
  pollId: string
  question: string
  me: Sender
  /** The reader is an admin of the chat. */
  isAdmin: boolean
}

/**
 * One poll card (mounted while its message shows): the poll machine with the poll calls, fed the
 * socket's POLL_CHANGED of this poll, and read again when the socket reconnects (it may have
 * missed some). Returns the PollCard's props.
 */
export function usePoll({ pollId, question, me, isAdmin }: PollCardInput) {
  const actor = useActorRef(appPollMachine, { input: { pollId, question, me, isAdmin, now: Date.now } })
  useEffect(() => {
    const offs = [
      onSocketEvent('POLL_CHANGED', (payload) => {
        if (payload.poll._id === pollId) actor.send({ type: 'CHANGED', poll: payload.poll, mine: payload.mine })
      }),
      onSocketConnect(() => actor.send({ type: 'REFRESH' })),
    ]
    return () => offs.forEach((off) => off())
  }, [actor, pollId])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}

/** The "Create a poll" dialog's machine with its call: vote/create (the server's message when refused). */
export const appPollFormMachine = pollFormMachine.provide({
  actors: {
    createPoll: fromPromise<Poll, PollCreateBody>(({ input }) => failingWithMessage(createPoll(input))),
  },
})

/**
 * One "Create a poll" dialog for a chat (mounted while it shows): its props and handlers. Its
 * client_id is made once, when it opens, so every try of this dialog is the same poll. `onClosed`
 * runs when it goes (made or cancelled); the poll's message reaches the chat over the socket.
 */
export function usePollForm(topicId: string, onClosed: () => void) {
  const [clientId] = useState(() => crypto.randomUUID())
  const actor = useActorRef(appPollFormMachine, { input: { topicId, clientId, now: Date.now } })
  const snapshot = useSelector(actor, (s) => s)
  const props = useMemo(() => connectForm(snapshot, actor.send), [snapshot, actor])
  const closed = useRef(onClosed)
  closed.current = onClosed
  useEffect(() => {
    if (!props.open) closed.current()
  }, [props.open])
  return props
}
