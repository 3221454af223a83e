import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { endpoints } from '../../contract'
import { connect, type SessionList, sessionsMachine } from '../machines/sessions'
import { failingWithMessage } from './failure'
import { call } from './http'

const quiet = { quiet: true }

/** The sessions page (/log): GET auth/sessions, DELETE auth/sessions, POST auth/sessions/revoke-others. */
export function useSessions() {
  const actor = useActorRef(
    sessionsMachine.provide({
      actors: {
        loadSessions: fromPromise<SessionList>(() => failingWithMessage(call(endpoints.sessionList, undefined, quiet))),
        signOutSession: fromPromise<unknown, { sessionId: string }>(({ input }) =>
          failingWithMessage(call(endpoints.sessionRevoke, { session_id: input.sessionId }, quiet)),
        ),
        signOutOthers: fromPromise<unknown>(() => failingWithMessage(call(endpoints.sessionRevokeOthers, undefined, quiet))),
      },
    }),
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
