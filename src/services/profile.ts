import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromCallback, fromPromise } from 'xstate'
import { userOf } from '../machines/session/session.connect'
import { connect, profileMachine, type AvatarFile, type ProfileEvent, type ProfileProps } from '../machines/profile'
import * as customer from './api/customer'
import { sendSession, useSession } from './session'

/** The profile machine with the real calls; what it saves goes back to the session. */
const appProfileMachine = profileMachine.provide({
  actors: {
    updateName: fromPromise(({ input }) => customer.updateProfile({ name: input.name })),
    uploadAvatar: fromCallback<ProfileEvent, { file: AvatarFile }>(({ input, sendBack }) => {
      const controller = new AbortController()
      customer
        .uploadAvatar(input.file as File, (progress) => sendBack({ type: 'UPLOAD_PROGRESS', percent: progress.percent }), controller.signal)
        .then(
          (user) => sendBack({ type: 'UPLOAD_DONE', user }),
          () => sendBack({ type: 'UPLOAD_FAILED' }),
        )
      return () => controller.abort()
    }),
  },
  actions: {
    userSaved: (_, user) => sendSession({ type: 'USER_UPDATED', user }),
    reloadUser: () => sendSession({ type: 'REFRESH_USER' }),
  },
})

/** /account/profile: the form's props, for the session's user. */
export function useProfile(): ProfileProps {
  const user = useSession(userOf)
  const actor = useActorRef(appProfileMachine, { input: { user } })
  useEffect(() => actor.send({ type: 'USER_CHANGED', user }), [actor, user])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
