import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { connect, unsubscribeMachine } from '../machines/unsubscribe'
import { unsubscribeDigest } from './api/attention'
import { failingWithMessage } from './failure'

export const appUnsubscribeMachine = unsubscribeMachine.provide({
  actors: {
    unsubscribe: fromPromise<unknown, { token: string }>(({ input }) => failingWithMessage(unsubscribeDigest(input.token))),
  },
})

/** The unsubscribe page: the email link's token, turned into "missed-message email off" on confirm. */
export function useUnsubscribe(token: string) {
  const actor = useActorRef(appUnsubscribeMachine, { input: { token } })
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
