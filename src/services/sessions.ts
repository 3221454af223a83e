import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { plural } from '@lingui/core/macro'
import { connect, type SessionList, sessionsMachine } from '../machines/sessions'
import { listSessions, revokeOtherSessions, revokeSession } from './api/auth'
import { failingWithMessage } from './failure'
import { confirmSaved } from './toast'

/** The sessions page (/log): GET auth/sessions, DELETE auth/sessions, POST auth/sessions/revoke-others. */
export function useSessions() {
  const actor = useActorRef(
    sessionsMachine.provide({
      actors: {
        loadSessions: fromPromise<SessionList>(() => failingWithMessage(listSessions())),
        signOutSession: fromPromise<unknown, { sessionId: string }>(({ input }) => failingWithMessage(revokeSession(input.sessionId))),
        signOutOthers: fromPromise<{ revoked: number }>(() => failingWithMessage(revokeOtherSessions())),
      },
      actions: {
        reportSignedOut: (_, { count }) =>
          confirmSaved(plural(count, { one: 'Signed out # other session', other: 'Signed out # other sessions' })),
      },
    }),
  )
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
