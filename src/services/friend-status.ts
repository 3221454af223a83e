import { useEffect, useMemo, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  connect,
  friendStatusMachine,
  type FriendStatusInput,
  type FriendStatusProps,
  type Person,
  type RelateInput,
} from '../machines/friend-status'
import * as relates from './api/relates'
import { onSocketEvent } from './socket'

const person = (call: (customerId: string) => Promise<Person>) => fromPromise<Person, RelateInput>(({ input }) => call(input.customer_id))

/** The friend buttons' calls (relates/*, workid/customer); failures carry the server's message. */
const appFriendStatusMachine = friendStatusMachine.provide({
  actors: {
    loadPerson: person(relates.personById),
    sendRequest: person(relates.addFriend),
    cancelRequest: person(relates.cancelFriend),
    acceptFriend: person(relates.acceptFriend),
    rejectFriend: person(relates.rejectFriend),
    unfriend: person(relates.unfriend),
    block: person(relates.blockPerson),
    unblock: person(relates.unblockPerson),
  },
})

export interface FriendStatusOptions {
  /** The item answered in place leaves its list (a request accepted or rejected, a person unblocked). */
  onRemove?: (customerId: string, outcome: 'accepted' | 'rejected' | 'unblocked') => void
}

/**
 * One person's friend buttons: the friendStatus machine with the relates calls. A friend
 * notification about this person (their request, their answer) arriving on the socket looks them
 * up again, so a profile shows "Friends" as soon as they accept.
 */
export function useFriendStatus(input: FriendStatusInput, options: FriendStatusOptions = {}): FriendStatusProps {
  const onRemove = useRef(options.onRemove)
  onRemove.current = options.onRemove
  const machine = useMemo(
    () =>
      appFriendStatusMachine.provide({ actions: { removeItem: (_, { customerId, outcome }) => onRemove.current?.(customerId, outcome) } }),
    [],
  )
  const actor = useActorRef(machine, { input })
  const snapshot = useSelector(actor, (s) => s)
  useEffect(
    () =>
      onSocketEvent('data', (notification) => {
        if (notification.notifiable_type === 'friend' && notification.customer?._id === input.customerId) actor.send({ type: 'REFRESH' })
      }),
    [actor, input.customerId],
  )
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
