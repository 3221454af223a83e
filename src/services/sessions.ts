import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { connect, type SessionList, sessionsMachine } from '../machines/sessions'
import { listSessions, revokeOtherSessions, revokeSession } from './api/auth'
import { failingWithMessage } from './failure'

/** The sessions page (/log): GET auth/sessions, DELETE auth/sessions, POST auth/sessions/revoke-others. */
export function useSessions() {
  const actor = useActorRef(
    sessionsMachine.provide({
      actors: {
        loadSessions: fromPromise<SessionList>(() => failingWithMessage(listSessions())),
        signOutSession: fromPromise<unknown, { sessionId: string }>(({ input }) => failingWithMessage(revokeSession(input.sessionId))),
        signOutOthers: fromPromise<unknown>(() => failingWithMessage(revokeOtherSessions())),
      },
    }),
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
